// Load generator for MCP endpoints: opens one session (or, with "stateless", none: every request
// declares 2026-07-28), then N keep-alive connections each send tools/call of a tool in a loop;
// prints calls/s and latency percentiles as one JSON line.
// usage: mcp_load URL TOKEN CONCURRENCY CALLS [TOOL] [session|stateless] [ARGUMENTS_JSON]
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/StreamCopier.h>
#include <Poco/URI.h>

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace {

enum class Era { Session, Stateless };

using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

// One tools/call request; arguments is JSON text already checked to be an object.
std::string tools_call(long id, const std::string& tool, const std::string& arguments, Era era) {
    rapidjson::StringBuffer buffer;
    JsonWriter writer(buffer);
    writer.StartObject();
    writer.Key("jsonrpc");
    writer.String("2.0");
    writer.Key("id");
    writer.Int64(id);
    writer.Key("method");
    writer.String("tools/call");
    writer.Key("params");
    writer.StartObject();
    writer.Key("name");
    writer.String(tool.c_str(), static_cast<rapidjson::SizeType>(tool.size()));
    writer.Key("arguments");
    writer.RawValue(arguments.c_str(), arguments.size(), rapidjson::kObjectType);
    if (era == Era::Stateless) {
        // The stateless revision's per-request declaration, carried by every call.
        writer.Key("_meta");
        writer.StartObject();
        writer.Key("io.modelcontextprotocol/protocolVersion");
        writer.String("2026-07-28");
        writer.Key("io.modelcontextprotocol/clientCapabilities");
        writer.StartObject();
        writer.EndObject();
        writer.EndObject();
    }
    writer.EndObject();
    writer.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize());
}

struct Target {
    Poco::URI uri;
    std::string token;
    std::string session;
    Era era = Era::Session;
    std::string tool;
};

// Sends one POST; returns the HTTP status, fills body and the session header when present.
int post(Poco::Net::HTTPClientSession& client, const Target& target, const std::string& payload, std::string& body,
         std::string* session_out = nullptr) {
    Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_POST, target.uri.getPathEtc(), Poco::Net::HTTPMessage::HTTP_1_1);
    request.setKeepAlive(true);
    request.setHost(target.uri.getHost(), target.uri.getPort());
    request.setContentType("application/json");
    request.set("Accept", "application/json, text/event-stream");
    request.set("Authorization", "Bearer " + target.token);
    if (target.era == Era::Stateless) {
        request.set("MCP-Protocol-Version", "2026-07-28");
        request.set("Mcp-Method", "tools/call");
        request.set("Mcp-Name", target.tool);
    } else if (!target.session.empty()) {
        request.set("Mcp-Session-Id", target.session);
        request.set("MCP-Protocol-Version", "2025-06-18");
    }
    request.setContentLength(static_cast<std::streamsize>(payload.size()));
    client.sendRequest(request) << payload;
    Poco::Net::HTTPResponse response;
    std::istream& stream = client.receiveResponse(response);
    body.clear();
    Poco::StreamCopier::copyToString(stream, body);
    if (session_out && response.has("Mcp-Session-Id"))
        *session_out = response.get("Mcp-Session-Id");
    return response.getStatus();
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 5) {
        std::cerr << "usage: mcp_load URL TOKEN CONCURRENCY CALLS [TOOL] [session|stateless] [ARGUMENTS_JSON]\n";
        return 2;
    }
    int concurrency = std::stoi(argv[3]);
    long calls = std::stol(argv[4]);
    std::string tool = argc > 5 ? argv[5] : "echo";
    Era era = argc > 6 && std::string(argv[6]) == "stateless" ? Era::Stateless : Era::Session;
    std::string arguments = argc > 7 ? argv[7] : R"({"text":"hello"})";
    rapidjson::Document parsed_arguments;
    if (parsed_arguments.Parse(arguments.c_str()).HasParseError() || !parsed_arguments.IsObject()) {
        std::cerr << "ARGUMENTS_JSON must be a JSON object: " << arguments << "\n";
        return 2;
    }
    Target target{Poco::URI(argv[1]), argv[2], {}, era, tool};

    Poco::Net::HTTPClientSession opener(target.uri.getHost(), target.uri.getPort());
    std::string body;
    if (era == Era::Session) {
        int status = post(opener, target,
                          R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},)"
                          R"("clientInfo":{"name":"mcp_load","version":"1"}}})",
                          body, &target.session);
        if (status != 200 || target.session.empty()) {
            std::cerr << "initialize failed: " << status << " " << body << "\n";
            return 1;
        }
        post(opener, target, R"({"jsonrpc":"2.0","method":"notifications/initialized"})", body);
    }

    std::atomic<long> next{0};
    std::atomic<long> failures{0};
    std::vector<std::vector<double>> latencies(concurrency);
    auto started = std::chrono::steady_clock::now();
    std::vector<std::thread> workers;
    for (int worker = 0; worker < concurrency; ++worker) {
        workers.emplace_back([&, worker] {
            // TCP_NODELAY: Poco writes the header and the body separately, and Nagle plus delayed
            // ACKs would add tens of milliseconds to servers that wait for the body.
            Poco::Net::StreamSocket socket;
            socket.connect(Poco::Net::SocketAddress(target.uri.getHost(), target.uri.getPort()));
            socket.setNoDelay(true);
            Poco::Net::HTTPClientSession client(socket);
            client.setKeepAlive(true);
            std::string response;
            for (long index = next++; index < calls; index = next++) {
                std::string payload = tools_call(index + 1, tool, arguments, era);
                auto begin = std::chrono::steady_clock::now();
                int code = post(client, target, payload, response);
                latencies[worker].push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count());
                if (code != 200 || response.find("\"isError\":true") != std::string::npos || response.find("\"result\"") == std::string::npos)
                    ++failures;
            }
        });
    }
    for (auto& worker : workers)
        worker.join();
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::vector<double> all;
    for (auto& list : latencies)
        all.insert(all.end(), list.begin(), list.end());
    std::sort(all.begin(), all.end());
    auto percentile = [&](double fraction) { return all.empty() ? 0.0 : all[std::min(all.size() - 1, size_t(fraction * all.size()))]; };
    rapidjson::StringBuffer report;
    JsonWriter writer(report);
    writer.StartObject();
    writer.Key("calls");
    writer.Uint64(all.size());
    writer.Key("failures");
    writer.Int64(failures.load());
    writer.Key("seconds");
    writer.Double(seconds);
    writer.Key("callsPerSecond");
    writer.Double(all.size() / seconds);
    writer.Key("p50Ms");
    writer.Double(percentile(0.50));
    writer.Key("p99Ms");
    writer.Double(percentile(0.99));
    writer.EndObject();
    std::printf("%s\n", report.GetString());
    return failures.load() == 0 ? 0 : 1;
}
