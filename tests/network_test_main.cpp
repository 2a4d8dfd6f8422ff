// The GoogleTest main of test binaries that open sockets in the test process (servers, clients):
// a statically linked Poco needs Poco::Net::initializeNetwork() on Windows (WSAStartup) before
// its first socket, as the host's own main does; on POSIX the call does nothing.
#include <Poco/Net/Net.h>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
    Poco::Net::initializeNetwork();
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
