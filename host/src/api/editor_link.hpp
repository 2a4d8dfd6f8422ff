// The host's view of the Unity editor, as modules reach it through the host vtable. The editor
// bridge implements it; NoEditor stands in when no editor can be connected.
#pragma once

#include <uap/abi/uap_module.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace uap::api {

// Per-call control shared with the caller: cancellation flag set by the host.
struct CallControl {
    std::atomic<bool> cancelled{false};
};

class EditorLink {
public:
    virtual ~EditorLink() = default;

    // Calls an editor primitive. On OK, result holds the primitive's JSON result; otherwise a JSON
    // error object {"code","message",...}.
    virtual uap_status call(std::string_view method, std::string_view params_json, uint32_t timeout_ms,
                            const CallControl* control, std::string& result) = 0;

    // The connection state as a JSON object, {"state": "...", ...}.
    virtual std::string state_json() const = 0;
};

// The link of a host that has no editor bridge: every call is UNAVAILABLE, and says so.
class NoEditor final : public EditorLink {
public:
    uap_status call(std::string_view, std::string_view, uint32_t, const CallControl*, std::string& result) override {
        result = R"({"code":"no_editor","message":"no Unity editor is connected to this host"})";
        return UAP_STATUS_UNAVAILABLE;
    }
    std::string state_json() const override {
        return R"({"state":"not_connected","detail":"this host runs without an editor bridge"})";
    }
};

} // namespace uap::api
