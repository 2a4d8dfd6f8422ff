// Waiting on many sockets at once: poll() on POSIX, WSAPoll on Windows (the same call in all but
// name; unlike select, neither caps the number or the values of the descriptors).
#include "support/platform/platform.hpp"

#if defined(_WIN32)
#include <winsock2.h>
#else
#include <poll.h>
#endif

namespace uap::platform {

namespace {

#if defined(_WIN32)
using PollEntry = WSAPOLLFD;
using NativeSocket = SOCKET;
constexpr short readable_events = POLLRDNORM;
int poll_entries(PollEntry* entries, std::size_t count, int milliseconds) {
    return ::WSAPoll(entries, static_cast<ULONG>(count), milliseconds);
}
#else
using PollEntry = pollfd;
using NativeSocket = int;
constexpr short readable_events = POLLIN;
int poll_entries(PollEntry* entries, std::size_t count, int milliseconds) {
    return ::poll(entries, static_cast<nfds_t>(count), milliseconds);
}
#endif

} // namespace

std::vector<std::size_t> readable_sockets(const std::vector<SocketHandle>& sockets, std::chrono::milliseconds limit) {
    std::vector<PollEntry> watched(sockets.size());
    for (std::size_t index = 0; index < sockets.size(); ++index) {
        watched[index].fd = static_cast<NativeSocket>(sockets[index]);
        watched[index].events = readable_events;
        watched[index].revents = 0;
    }
    std::vector<std::size_t> ready;
    if (poll_entries(watched.data(), watched.size(), static_cast<int>(limit.count())) <= 0)
        return ready;
    for (std::size_t index = 0; index < watched.size(); ++index)
        if (watched[index].revents != 0)
            ready.push_back(index);
    return ready;
}

} // namespace uap::platform
