// The module authors' test kit against the fixture packs: it loads a module the way uap-host does
// (the host's loader, on every platform), calls its tools against their schemas, and refuses the
// packs the host refuses with the host's reason and a hint at the fix.
#include <uap/testkit/module_harness.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace {

// What constructing a harness for `library` threw; empty when it loaded.
std::string refusal_of(const char* library) {
    try {
        uap::testkit::ModuleHarness harness(library);
    } catch (const std::runtime_error& error) {
        return error.what();
    }
    return {};
}

TEST(TestKit, LoadsAModuleAndChecksArgumentsAgainstItsSchema) {
    uap::testkit::ModuleHarness module(UAP_MODULE_LIBRARY);
    EXPECT_EQ(module.tool_names(), (std::vector<std::string>{"fixture_echo", "fixture_echo_fail"}));
    auto echoed = module.call("fixture_echo", R"({"text":"through the kit"})");
    ASSERT_TRUE(echoed.ok()) << echoed.text;
    EXPECT_EQ(echoed.text, R"({"echo":"through the kit","tool":"fixture_echo"})");
    auto failed = module.call("fixture_echo_fail", R"({"fail":"on purpose"})");
    EXPECT_EQ(failed.status, UAP_STATUS_TOOL_ERROR);
    EXPECT_EQ(failed.text, "asked to fail: on purpose");
    auto wrong = module.call("fixture_echo", R"({"text":5})");
    EXPECT_EQ(wrong.status, UAP_STATUS_INVALID_ARGUMENT);
    EXPECT_NE(wrong.text.find("input schema of fixture_echo"), std::string::npos) << wrong.text;
    EXPECT_EQ(module.call("no_such_tool").status, UAP_STATUS_UNKNOWN_TOOL);
}

TEST(TestKit, ACancelledResultReachesTheHostAsUapStatusCancelled) {
    uap::testkit::ModuleHarness module(UAP_MODULE_LIBRARY);
    module.cancel_after_polls(3);
    auto stopped = module.call("fixture_echo", R"({"stopOnCancel":true})");
    EXPECT_EQ(stopped.status, UAP_STATUS_CANCELLED);
    EXPECT_EQ(stopped.text.rfind("stopped at poll ", 0), 0u) << stopped.text;
    EXPECT_NE(stopped.text.find("of 1000; nothing was changed"), std::string::npos) << stopped.text;
}

TEST(TestKit, RefusesWhatTheHostRefusesWithTheReasonAndTheFix) {
    auto missing = refusal_of(UAP_TEST_MISSING_LIBRARY);
    EXPECT_NE(missing.find("cannot load module library"), std::string::npos) << missing;
    EXPECT_NE(missing.find("uap_add_module"), std::string::npos) << missing;

    auto no_entry = refusal_of(UAP_TEST_NO_ENTRY_LIBRARY);
    EXPECT_NE(no_entry.find("does not export uap_module_entry"), std::string::npos) << no_entry;

    auto future = refusal_of(UAP_TEST_ABI_99_LIBRARY);
    EXPECT_NE(future.find("answered ABI generation 99"), std::string::npos) << future;
    EXPECT_NE(future.find("rebuild the module against this SDK"), std::string::npos) << future;

    auto init = refusal_of(UAP_TEST_INIT_ERROR_LIBRARY);
    EXPECT_NE(init.find("the module's init failed: the fixture's license file is missing"), std::string::npos) << init;
}

} // namespace
