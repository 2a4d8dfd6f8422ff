// The editor-window pack (uap.pro.windows): automation of UI Toolkit editor windows, for SDKs whose
// features exist only as windows. The editor side is the window.* primitives of the Core package.
#include "window_tools.hpp"

#include <uap/pack_identity.hpp>
#include <uap/sdk/module.hpp>

namespace uap::windows {

class WindowsModule final : public sdk::Module {
public:
    explicit WindowsModule(const sdk::ModuleContext& context) : Module(context) {
        add_tool<WindowListTool>();
        add_tool<WindowDumpTool>();
        add_tool<WindowClickTool>();
        add_tool<WindowSetValueTool>();
        add_tool<WindowScreenshotTool>();
    }
};

} // namespace uap::windows

UAP_MODULE(uap::windows::WindowsModule, UAP_PACK_ID, UAP_PACK_VERSION)
