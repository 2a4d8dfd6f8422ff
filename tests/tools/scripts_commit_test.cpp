// uap_scripts_commit through MCP: a broken staged script is refused with the compiler's
// diagnostics and nothing lands in Assets/; a fixed one is committed byte for byte, imported and
// compiled; Unity's compile after the refresh is in the tool result, failed or passed.
#include "tool_stack.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

namespace fs = std::filesystem;
using uap::testing::read_project_file;
using uap::testing::ToolStack;
using uap::testing::write_project_file;

TEST(ScriptsCommit, RefusesABrokenScriptWithDiagnosticsThenCommitsTheFixedOne) {
    ToolStack stack;
    fs::path staged = stack.project() / "UapStaging" / "Scripts" / "Spinner.cs";
    write_project_file(staged, "using UnityEngine;\npublic class Spinner : MonoBehaviour {\n    void Update() {\n}\n");
    auto broken = stack.call("uap_scripts_commit", "{}");
    ASSERT_TRUE(broken.is_error) << broken.text;
    EXPECT_NE(broken.text.find("Assets/Scripts/Spinner.cs(4): error CS1513: } expected"), std::string::npos) << broken.text;
    EXPECT_FALSE(fs::exists(stack.project() / "Assets" / "Scripts" / "Spinner.cs"));
    EXPECT_TRUE(fs::exists(staged)) << "a refused script stays staged for the fix";

    std::string fixed = "using UnityEngine;\npublic class Spinner : MonoBehaviour {\n    void Update() { transform.Rotate(0, 1, 0); }\n}\n";
    write_project_file(staged, fixed);
    auto committed = stack.call("uap_scripts_commit", "{}");
    ASSERT_FALSE(committed.is_error) << committed.text;
    EXPECT_EQ(read_project_file(stack.project() / "Assets" / "Scripts" / "Spinner.cs"), fixed);
    EXPECT_FALSE(fs::exists(staged)) << "the committed copy leaves staging";
    EXPECT_NE(
        uap::testing::element_where(stack.editor("asset.find", R"({"filter":"Spinner"})"), "/assets", "/path", "Assets/Scripts/Spinner.cs"),
        "<missing>")
        << "the refresh imported it";
    EXPECT_EQ(uap::testing::text_at(committed.value, "/compile/state"), "compiled") << committed.text;
    EXPECT_EQ(uap::testing::text_at(committed.value, "/compile/summary"), "the scripts compiled") << committed.text;
}

// The staged script is fine, but a script already in Assets/ (the user's, never validated) breaks
// the compile that follows the refresh: the result says so with file and line, and so do uap_ping
// and the refusals of other editor tools, until a commit that fixes it compiles.
TEST(ScriptsCommit, ACompileThatFailsAfterTheRefreshIsInTheResultAndInPing) {
    ToolStack stack;
    std::string broken = "using UnityEngine;\npublic class Legacy : MonoBehaviour {\n    void Start() { Debug.Log(\"x\"; }\n}\n";
    write_project_file(stack.project() / "Assets" / "Scripts" / "Legacy.cs", broken);
    write_project_file(stack.project() / "UapStaging" / "Scripts" / "Mover.cs", "public class Mover {}\n");
    auto failed = stack.call("uap_scripts_commit", "{}");
    ASSERT_TRUE(failed.is_error) << failed.text;
    EXPECT_NE(failed.text.find("committed Assets/Scripts/Mover.cs, but Unity's compile failed"), std::string::npos) << failed.text;
    EXPECT_NE(failed.text.find("Assets/Scripts/Legacy.cs(4,2): error CS1026: ) expected"), std::string::npos) << failed.text;
    EXPECT_TRUE(fs::exists(stack.project() / "Assets" / "Scripts" / "Mover.cs")) << "the commit itself happened";

    auto ping = stack.call("uap_ping", "{}");
    ASSERT_FALSE(ping.is_error) << ping.text;
    EXPECT_EQ(uap::testing::text_at(ping.value, "/editor/compile/state"), "compile_failed") << ping.text;
    EXPECT_EQ(uap::testing::text_at(ping.value, "/editor/compile/errors/0/file"), "Assets/Scripts/Legacy.cs") << ping.text;
    EXPECT_EQ(uap::testing::number_at(ping.value, "/editor/compile/errors/0/line"), 4) << ping.text;
    auto refused = stack.call("uap_object_inspect", R"({"path":"/NoSuchObject"})");
    ASSERT_TRUE(refused.is_error) << refused.text;
    EXPECT_NE(refused.text.find("scripts do not compile"), std::string::npos) << refused.text;
    EXPECT_NE(refused.text.find("Assets/Scripts/Legacy.cs(4,2)"), std::string::npos) << refused.text;
    EXPECT_NE(refused.text.find("fix them with uap_scripts_commit"), std::string::npos) << refused.text;
    // A refusal the tool words itself from the editor's answer (here uap_batch checking its targets) says it too.
    auto batch = stack.call("uap_batch", R"({"name":"n","calls":[{"tool":"uap_property_set","arguments":)"
                                         R"({"path":"/NoSuchObject","componentType":"Light","propertyPath":"m_Intensity","value":1}}]})");
    ASSERT_TRUE(batch.is_error) << batch.text;
    EXPECT_NE(batch.text.find("nothing was changed"), std::string::npos) << batch.text;
    EXPECT_NE(batch.text.find("changed. Also: the editor's scripts do not compile"), std::string::npos) << batch.text;
    EXPECT_EQ(batch.text.find("Also: the editor's"), batch.text.rfind("Also: the editor's")) << "said once: " << batch.text;
    auto inspected = stack.call("uap_object_inspect", R"({"path":"/NoSuchObject"})");
    EXPECT_EQ(inspected.text.find("Also: the editor's"), inspected.text.rfind("Also: the editor's")) << "said once: " << inspected.text;

    write_project_file(stack.project() / "UapStaging" / "Scripts" / "Legacy.cs",
          "using UnityEngine;\npublic class Legacy : MonoBehaviour {\n    void Start() { Debug.Log(\"x\"); }\n}\n");
    auto fixed = stack.call("uap_scripts_commit", "{}");
    ASSERT_FALSE(fixed.is_error) << fixed.text;
    EXPECT_EQ(uap::testing::text_at(fixed.value, "/compile/state"), "compiled") << fixed.text;
    EXPECT_EQ(uap::testing::text_at(stack.call("uap_ping", "{}").value, "/editor/compile/state"), "compiled");
    auto plain = stack.call("uap_object_inspect", R"({"path":"/NoSuchObject"})");
    ASSERT_TRUE(plain.is_error) << plain.text;
    EXPECT_EQ(plain.text.find("scripts do not compile"), std::string::npos) << plain.text;
}

TEST(ScriptsCommit, RefusesWhenNothingIsStagedAndNonUtf8Sources) {
    ToolStack stack;
    auto empty = stack.call("uap_scripts_commit", "{}");
    EXPECT_TRUE(empty.is_error);
    EXPECT_NE(empty.text.find("UapStaging/Scripts/Foo.cs"), std::string::npos) << empty.text;
    write_project_file(stack.project() / "UapStaging" / "Bad.cs", std::string("class A {}\xff\xfe", 12));
    auto binary = stack.call("uap_scripts_commit", "{}");
    EXPECT_TRUE(binary.is_error);
    EXPECT_NE(binary.text.find("not UTF-8"), std::string::npos) << binary.text;
    EXPECT_FALSE(fs::exists(stack.project() / "Assets" / "Bad.cs"));
}

} // namespace
