// The editor module: registers the editor pack's tools.
#include "editor_tools.hpp"
#include "test_run_tool.hpp"

#include <uap/pack_identity.hpp>
#include <uap/sdk/module.hpp>

namespace uap::core {

class EditorModule final : public sdk::Module {
public:
    explicit EditorModule(const sdk::ModuleContext& context) : Module(context) {
        add_tool<EditorScreenshotTool>();
        add_tool<GameViewSizeTool>();
        add_tool<ExecuteMenuTool>();
        add_tool<EditorSelectTool>();
        add_tool<PlayModeTool>();
        add_tool<ConsoleLogsTool>();
        add_tool<ConsoleClearTool>();
        add_tool<TestRunTool>();
    }
};

} // namespace uap::core

UAP_MODULE(uap::core::EditorModule, UAP_PACK_ID, UAP_PACK_VERSION)
