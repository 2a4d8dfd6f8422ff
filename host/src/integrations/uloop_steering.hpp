// What the agent is told about uLoop: with it installed, which commands take over from our tools and
// how to do a one-off editor operation without a script; without it, which of our tools to use and
// how the user installs uLoop for faster compile and test loops.
#pragma once

#include "integrations/plugin_steering.hpp"
#include "integrations/uloop.hpp"

namespace uap::integrations {

// Installed means Unity can answer uLoop's commands: resolved into Library/PackageCache or embedded
// (a manifest line still resolving gets the not-installed lines, as the tools that step aside do).
// TestTool: whether uap_tests_run is enabled and loaded, so the not-installed lines name it only then.
enum class TestTool { Available, Unavailable };
SteeringLines uloop_steering_lines(const UloopDetection& detection, TestTool test_tool);

} // namespace uap::integrations
