// The editor link modules get: the bridge, except that host.jobStatus for a long-running tool's job
// is answered from the MCP endpoint's job table (the bridge knows only editor calls' jobs).
#pragma once

#include "api/editor_link.hpp"
#include "mcp/tool_jobs.hpp"

namespace uap::app {

class JobStatusLink final : public api::EditorLink {
public:
    JobStatusLink(api::EditorLink& editor, mcp::ToolJobs& jobs) : m_editor(editor), m_jobs(jobs) {}

    Expected<std::string> call(std::string_view method, std::string_view params_json, uint32_t timeout_ms,
                               const api::CallControl* control) override;
    // Straight to the bridge unless a request asks for a module job's status, which this link answers.
    std::vector<Expected<std::string>> call_all(std::span<const api::EditorRequest> requests, uint32_t timeout_ms,
                                                const api::CallControl* control) override;
    std::string state_json() const override { return m_editor.state_json(); }

private:
    api::EditorLink& m_editor;
    mcp::ToolJobs& m_jobs;
};

} // namespace uap::app
