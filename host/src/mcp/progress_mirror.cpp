// Mirrors a tool's progress onto the panels' card of the CLI's tool_use (progress_mirror.hpp).
#include "mcp/progress_mirror.hpp"

#include "support/json.hpp"
#include "support/utf8_text.hpp"

#include <chrono>
#include <memory>
#include <mutex>

namespace uap::mcp {

namespace {

constexpr auto min_interval = std::chrono::milliseconds(200);
constexpr size_t max_message_bytes = 200;

bool plausible_id(std::string_view id) {
    if (id.empty() || id.size() > 128)
        return false;
    for (char c : id)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return false;
    return true;
}

} // namespace

std::optional<std::string> tool_use_id_of(const rapidjson::Value& params) {
    auto meta = params.FindMember("_meta");
    if (meta == params.MemberEnd() || !meta->value.IsObject())
        return std::nullopt;
    auto id = meta->value.FindMember("claudecode/toolUseId");
    if (id == meta->value.MemberEnd() || !id->value.IsString())
        return std::nullopt;
    std::string_view text(id->value.GetString(), id->value.GetStringLength());
    if (!plausible_id(text))
        return std::nullopt;
    return std::string(text);
}

modules::ProgressCallback mirrored_progress(api::EventSink& events, std::string tool_use_id) {
    struct Pace {
        std::mutex mutex;
        std::chrono::steady_clock::time_point last{};
        bool published = false;
    };
    auto pace = std::make_shared<Pace>();
    return [&events, tool_use_id = std::move(tool_use_id), pace](double progress, double total, std::string_view message) {
        {
            std::lock_guard lock(pace->mutex);
            auto now = std::chrono::steady_clock::now();
            if (pace->published && now - pace->last < min_interval)
                return;
            pace->published = true;
            pace->last = now;
        }
        rapidjson::Document event(rapidjson::kObjectType);
        auto& allocator = event.GetAllocator();
        event.AddMember("type", "tool_progress", allocator);
        event.AddMember("tool_use_id", json::string_value(tool_use_id, allocator), allocator);
        event.AddMember("progress", progress, allocator);
        if (total > 0)
            event.AddMember("total", total, allocator);
        if (!message.empty())
            event.AddMember("message", json::string_value(utf8::clip(message, max_message_bytes), allocator), allocator);
        events.publish(std::move(event));
    };
}

} // namespace uap::mcp
