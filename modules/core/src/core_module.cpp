// The core module: registers the tools every host ships with.
#include "job_status_tool.hpp"
#include "ping_tool.hpp"

#include <uap/sdk/module.hpp>

namespace uap::core {

class CoreModule final : public sdk::Module {
public:
    explicit CoreModule(const sdk::ModuleContext& context) : Module(context) {
        add_tool<PingTool>();
        add_tool<JobStatusTool>();
    }
};

} // namespace uap::core

UAP_MODULE(uap::core::CoreModule, "uap.core", UAP_CORE_VERSION)
