// uap_job_status: the result of an editor call that timed out with a job id.
#pragma once

#include <uap/sdk/tool.hpp>

namespace uap::core {

class JobStatusTool final : public sdk::Tool {
public:
    std::string_view name() const override { return "uap_job_status"; }
    std::string_view description() const override;
    std::string_view input_schema() const override;
    std::string_view output_schema() const override;
    sdk::ToolTraits traits() const override;
    sdk::ToolResult call(const rapidjson::Value& arguments, sdk::CallContext& context) override;
};

} // namespace uap::core
