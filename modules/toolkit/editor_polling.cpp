// The cancellable wait between polls; see editor_polling.hpp.
#include "editor_polling.hpp"

#include <algorithm>
#include <thread>

namespace uap::core {

bool wait_or_cancelled(const sdk::CallContext& context, std::chrono::milliseconds interval) {
    constexpr std::chrono::milliseconds step{20};
    const auto until = std::chrono::steady_clock::now() + interval;
    for (auto now = std::chrono::steady_clock::now(); now < until; now = std::chrono::steady_clock::now()) {
        if (context.cancelled())
            return true;
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(step, until - now));
    }
    return context.cancelled();
}

} // namespace uap::core
