// Bridge benchmarks (prints a table; run a Release build): a 100,000-object scene's hierarchy page
// and property read, in-process and through the host; and primitive round-trip latency at
// concurrency 1 and 16 next to a bare loopback WebSocket echo in the same run.
#include "bridge_harness.hpp"

#include <Poco/Buffer.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/WebSocket.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

struct Summary {
    double p50_ms = 0, p99_ms = 0, max_ms = 0;
    std::size_t bytes = 0;
};

Summary summarise(std::vector<double> samples, std::size_t bytes = 0) {
    std::sort(samples.begin(), samples.end());
    auto at = [&](double quantile) { return samples[std::min(samples.size() - 1, static_cast<std::size_t>(quantile * samples.size()))]; };
    return {at(0.50), at(0.99), samples.back(), bytes};
}

double milliseconds(Clock::duration duration) { return std::chrono::duration<double, std::milli>(duration).count(); }

Summary time_calls(int repetitions, const std::function<std::size_t()>& call) {
    std::vector<double> samples;
    std::size_t bytes = 0;
    for (int repetition = 0; repetition < repetitions; ++repetition) {
        auto started = Clock::now();
        bytes = call();
        samples.push_back(milliseconds(Clock::now() - started));
    }
    return summarise(samples, bytes);
}

void print(const char* name, const Summary& summary) {
    std::printf("  %-58s p50 %8.3f ms  p99 %8.3f ms  max %8.3f ms%s", name, summary.p50_ms, summary.p99_ms, summary.max_ms,
                summary.bytes ? "" : "\n");
    if (summary.bytes)
        std::printf("  (%zu bytes)\n", summary.bytes);
}

// Runs `calls` calls spread over `concurrency` threads; returns per-call latencies.
Summary concurrent(int concurrency, int calls, const std::function<void(int thread)>& call) {
    std::vector<std::vector<double>> samples(concurrency);
    std::atomic<int> next{0};
    std::vector<std::thread> threads;
    for (int thread = 0; thread < concurrency; ++thread)
        threads.emplace_back([&, thread] {
            while (next++ < calls) {
                auto started = Clock::now();
                call(thread);
                samples[thread].push_back(milliseconds(Clock::now() - started));
            }
        });
    for (auto& thread : threads)
        thread.join();
    std::vector<double> all;
    for (auto& part : samples)
        all.insert(all.end(), part.begin(), part.end());
    return summarise(all);
}

class Echo final : public Poco::Net::HTTPRequestHandler {
public:
    void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override {
        Poco::Net::WebSocket socket(request, response);
        socket.setNoDelay(true);
        Poco::Buffer<char> buffer(0);
        int flags = 0;
        try {
            while (true) {
                buffer.resize(0);
                int received = socket.receiveFrame(buffer, flags);
                if (received <= 0 || (flags & Poco::Net::WebSocket::FRAME_OP_BITMASK) == Poco::Net::WebSocket::FRAME_OP_CLOSE)
                    return;
                socket.sendFrame(buffer.begin(), static_cast<int>(buffer.size()));
            }
        } catch (const Poco::Exception&) {
        }
    }
};

class EchoFactory final : public Poco::Net::HTTPRequestHandlerFactory {
public:
    Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override { return new Echo; }
};

std::size_t checked(uap::testing::BridgeHarness& harness, const std::string& method, const std::string& params) {
    auto answer = harness.call(method, params);
    if (answer.status != UAP_STATUS_OK) {
        std::fprintf(stderr, "%s failed: %s\n", method.c_str(), answer.json.substr(0, 300).c_str());
        std::exit(1);
    }
    return answer.json.size();
}

} // namespace

int main() {
    constexpr std::size_t object_count = 100000;
    std::printf("bridge benchmark (%s build)\n", 
#ifdef NDEBUG
                "optimised"
#else
                "debug"
#endif
    );

    uap::testing::BridgeHarness harness;
    uap::editor_sim::EditorSimulator simulator(harness.identity("bench"));
    auto build_started = Clock::now();
    simulator.add_flat_objects(object_count, "Object");
    std::printf("scene: %zu root objects built in %.0f ms\n", object_count, milliseconds(Clock::now() - build_started));
    auto first_page = simulator.call("hierarchy.roots", R"({"limit":1})");
    std::string id = first_page.json.substr(first_page.json.find("\"instanceId\":") + 13);
    id = id.substr(0, id.find(','));
    std::string property_read = R"({"target":{"component":{"object":{"instanceId":)" + id + R"(},"type":"BoxCollider"}},"paths":["m_Size","m_Center","m_IsTrigger"]})";
    std::string middle_object = std::to_string(std::stoi(id) + 50000);
    std::string property_read_middle =
        R"({"target":{"component":{"object":{"instanceId":)" + middle_object + R"(},"type":"BoxCollider"}},"paths":["m_Size"]})";

    std::printf("\n100,000-object scene, in-process simulator (no transport):\n");
    auto in_process = [&](const char* method, const std::string& params) {
        return [&simulator, method, params] { return simulator.call(method, params).json.size(); };
    };
    print("hierarchy.roots first page (500 nodes)", time_calls(50, in_process("hierarchy.roots", R"({"limit":500})")));
    print("hierarchy.roots page at cursor 99500", time_calls(50, in_process("hierarchy.roots", R"({"limit":500,"cursor":"99500"})")));
    print("hierarchy.subtree all roots, maxNodes 500", time_calls(50, in_process("hierarchy.subtree", R"({"maxNodes":500,"depth":1})")));
    print("property.get 3 paths by instanceId", time_calls(50, in_process("property.get", property_read)));
    print("property.get by instanceId (object 50,000)", time_calls(50, in_process("property.get", property_read_middle)));
    print("property.get by scenePath (scans 100,000 roots)",
          time_calls(50, in_process("property.get", R"({"target":{"component":{"object":{"scenePath":"/Object99999"},"type":"BoxCollider"}},"paths":["m_Size"]})")));

    auto editor = harness.connect_in_process(simulator);
    if (!harness.bridge().connected()) {
        std::fprintf(stderr, "the simulated editor did not connect\n");
        return 1;
    }
    std::printf("\n100,000-object scene through host + WebSocket + simulator:\n");
    auto through_host = [&](const std::string& method, const std::string& params) {
        return [&harness, method, params] { return checked(harness, method, params); };
    };
    print("hierarchy.roots first page (500 nodes)", time_calls(50, through_host("hierarchy.roots", R"({"limit":500})")));
    print("hierarchy.roots page at cursor 99500", time_calls(50, through_host("hierarchy.roots", R"({"limit":500,"cursor":"99500"})")));
    print("hierarchy.subtree all roots, maxNodes 500", time_calls(50, through_host("hierarchy.subtree", R"({"maxNodes":500,"depth":1})")));
    print("property.get 3 paths by instanceId", time_calls(50, through_host("property.get", property_read)));

    Poco::Net::ServerSocket echo_socket(Poco::Net::SocketAddress("127.0.0.1", 0));
    auto* parameters = new Poco::Net::HTTPServerParams;
    parameters->setMaxThreads(32);
    Poco::Net::HTTPServer echo_server(new EchoFactory, echo_socket, parameters);
    echo_server.start();
    std::vector<std::unique_ptr<Poco::Net::HTTPClientSession>> sessions;
    std::vector<std::unique_ptr<Poco::Net::WebSocket>> echo_clients;
    for (int client = 0; client < 16; ++client) {
        sessions.push_back(std::make_unique<Poco::Net::HTTPClientSession>("127.0.0.1", echo_socket.address().port()));
        Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_GET, "/echo", Poco::Net::HTTPMessage::HTTP_1_1);
        Poco::Net::HTTPResponse response;
        echo_clients.push_back(std::make_unique<Poco::Net::WebSocket>(*sessions.back(), request, response));
        echo_clients.back()->setNoDelay(true);
    }
    const std::string echo_frame = R"({"id":"h1234567-42","method":"playmode.get","params":{}})";
    auto echo = [&](int thread) {
        auto& socket = *echo_clients[thread];
        socket.sendFrame(echo_frame.data(), static_cast<int>(echo_frame.size()));
        Poco::Buffer<char> buffer(0);
        int flags = 0;
        socket.receiveFrame(buffer, flags);
    };
    auto primitive = [&](int) { checked(harness, "playmode.get", "{}"); };
    constexpr int calls = 4000;
    std::printf("\nround trip, %d calls per row (primitive: playmode.get; echo: the same request frame):\n", calls);
    concurrent(16, 2000, echo); // Warm-up of both paths, not reported.
    concurrent(16, 2000, primitive);
    for (int concurrency : {1, 16}) {
        auto bare = concurrent(concurrency, calls, echo);
        auto full = concurrent(concurrency, calls, primitive);
        char label[96];
        std::snprintf(label, sizeof label, "bare loopback WebSocket echo, concurrency %d", concurrency);
        print(label, bare);
        std::snprintf(label, sizeof label, "host + WebSocket + simulator, concurrency %d", concurrency);
        print(label, full);
    }
    for (auto& socket : echo_clients)
        socket->shutdown();
    echo_server.stopAll(true);
    editor->stop();
    auto statistics = harness.bridge().statistics();
    std::printf("\nhost statistics: requests %llu, duplicate responses %llu, protocol errors %llu\n",
                static_cast<unsigned long long>(statistics.requests), static_cast<unsigned long long>(statistics.duplicate_responses),
                static_cast<unsigned long long>(statistics.protocol_errors));
    return 0;
}
