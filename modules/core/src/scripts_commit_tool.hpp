// uap_scripts_commit: validates the C# sources staged under UapStaging/ and, only when they
// compile cleanly, writes exactly the validated bytes into Assets/ and refreshes once.
#pragma once

#include "editor_tool.hpp"

namespace uap::core {

UAP_DECLARE_EDITOR_TOOL(ScriptsCommitTool)

} // namespace uap::core
