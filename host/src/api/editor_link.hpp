// The host's view of the Unity editor, as modules reach it through the host vtable. The editor
// bridge implements it; NoEditor stands in when no editor can be connected.
#pragma once

#include "support/expected.hpp"
#include "support/json_writer.hpp"

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace uap::api {

// Per-call control shared with the caller: cancellation flag set by the host.
struct CallControl {
    std::atomic<bool> cancelled{false};
};

// One primitive of EditorLink::call_all.
struct EditorRequest {
    std::string_view method;
    std::string_view params_json;
};

class EditorLink {
public:
    virtual ~EditorLink() = default;

    // Calls an editor primitive: its JSON result, or an Error whose code is the failure's kind
    // (modules receive it as the matching uap_status) and whose detail is the editor's JSON error
    // object {"code","message",...}, which modules read.
    virtual Expected<std::string> call(std::string_view method, std::string_view params_json, uint32_t timeout_ms,
                                       const CallControl* control) = 0;

    // Calls each primitive as call does and answers each, in order. This default waits for each answer
    // before it sends the next; the bridge sends them all first, so the editor runs them back to back
    // without a round trip between them. Each has timeout_ms, counted from the answer before it.
    virtual std::vector<Expected<std::string>> call_all(std::span<const EditorRequest> requests, uint32_t timeout_ms,
                                                        const CallControl* control) {
        std::vector<Expected<std::string>> answers;
        answers.reserve(requests.size());
        for (const auto& request : requests)
            answers.push_back(call(request.method, request.params_json, timeout_ms, control));
        return answers;
    }

    // The connection state as a JSON object, {"state": "...", ...}.
    virtual std::string state_json() const = 0;
};

// The link of a host that has no editor bridge: every call is UNAVAILABLE, and says so.
class NoEditor final : public EditorLink {
public:
    Expected<std::string> call(std::string_view, std::string_view, uint32_t, const CallControl*) override {
        return json::error_with_object(ErrorCode::Unavailable, "no_editor", "no Unity editor is connected to this host");
    }
    std::string state_json() const override {
        return R"({"state":"not_connected","detail":"this host runs without an editor bridge"})";
    }
};

} // namespace uap::api
