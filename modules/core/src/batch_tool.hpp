// uap_batch: up to 200 calls of this pack's undoable write tools as one atomic changeset in one
// named Undo group; every call is validated before any runs, and a failure reverts the group and
// proves by a scene digest that the scene is as before.
#pragma once

#include "editor_tool.hpp"

#include <uap/sdk/module.hpp>

namespace uap::core {

class BatchTool final : public EditorTool {
public:
    explicit BatchTool(const sdk::Module& module);
    std::string_view output_schema() const override;
    sdk::ToolResult run(const rapidjson::Value& arguments, EditorSession& session) override;

    static constexpr rapidjson::SizeType max_calls = 200;

private:
    // The tool a call names when the batch may run it; otherwise why not.
    EditorTool* batchable(std::string_view name, std::string& refusal) const;

    const sdk::Module& m_module;
};

} // namespace uap::core
