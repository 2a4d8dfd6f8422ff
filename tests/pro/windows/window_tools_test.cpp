// The editor-window tools on their happy paths and the false reports the seeds record: each answer
// is checked against a separate read of the simulated editor (window.list, window.tree, the console).
#include "window_stack.hpp"

#include <map>
#include <set>

namespace {

using uap::testing::text_at;
using namespace uap::testing;

class WindowTools : public WindowStack {};

TEST_F(WindowTools, ListTellsTwoInspectorsApartByIndexAndId) {
    ToolReply reply = ok("uap_window_list", "{}");
    rapidjson::Document editor = editor_json("window.list", "{}");
    const auto& windows = reply.value["windows"];
    ASSERT_EQ(windows.Size(), editor["windows"].Size());
    ASSERT_EQ(windows.Size(), 5u);
    for (rapidjson::SizeType index = 0; index < windows.Size(); ++index) {
        EXPECT_EQ(windows[index]["windowIndex"].GetInt(), static_cast<int>(index));
        EXPECT_EQ(windows[index]["windowId"], editor["windows"][index]["windowId"]);
        EXPECT_EQ(windows[index]["title"], editor["windows"][index]["title"]);
    }
    // The two Inspectors share title and type; index, id, position and docking tell them apart.
    const auto& first = windows[inspector_index];
    const auto& second = windows[second_inspector_index];
    EXPECT_EQ(text_at(first, "/title"), "Inspector");
    EXPECT_EQ(text_at(second, "/title"), "Inspector");
    EXPECT_EQ(text_at(first, "/type"), text_at(second, "/type"));
    EXPECT_NE(first["windowId"].GetInt64(), second["windowId"].GetInt64());
    EXPECT_NE(first["docked"].GetBool(), second["docked"].GetBool());
    EXPECT_EQ(text_at(reply.value, "/sharedTitles/0"), "Inspector");
    // Exactly one window has focus, and each says which UI it is built with.
    int focused = 0;
    for (const auto& window : windows.GetArray())
        focused += window["focused"].GetBool() ? 1 : 0;
    EXPECT_EQ(focused, 1);
    EXPECT_TRUE(windows[sdk_index]["focused"].GetBool());
    EXPECT_EQ(text_at(windows[sdk_index], "/ui"), "uitoolkit");
    EXPECT_EQ(text_at(windows[scene_index], "/ui"), "imgui");
    EXPECT_EQ(text_at(windows[console_index], "/ui"), "empty");
    EXPECT_EQ(text_at(windows[inspector_index], "/ui"), "uitoolkit"); // Mixed: IMGUIContainer beside UI Toolkit.
}

TEST_F(WindowTools, DumpShowsNamesTextValuesEnabledAndBounds) {
    ToolReply reply = ok("uap_window_dump", R"({"window":"VRChat SDK"})");
    rapidjson::Document editor = editor_json("window.tree", R"({"windowIndex":3,"limit":1000})");
    const auto& nodes = reply.value["nodes"];
    ASSERT_EQ(nodes.Size(), editor["nodes"].Size());
    EXPECT_EQ(reply.value["total"].GetInt(), editor["total"].GetInt());
    EXPECT_FALSE(reply.value.HasMember("nextCursor"));
    bool saw_build = false, saw_capacity = false, saw_upload = false;
    for (rapidjson::SizeType index = 0; index < nodes.Size(); ++index) {
        const auto& mine = nodes[index];
        EXPECT_EQ(mine, editor["nodes"][index]) << "node " << index << " differs from the editor's own tree";
        std::string name = text_at(mine, "/name");
        if (name == "build") {
            saw_build = true;
            EXPECT_EQ(text_at(mine, "/text"), "Build");
            EXPECT_EQ(text_at(mine, "/type"), "UnityEngine.UIElements.Button");
            EXPECT_EQ(text_at(mine, "/path"), build_button);
            EXPECT_GT(number_at(mine, "/bounds/width"), 0);
        }
        if (name == "capacity") {
            saw_capacity = true;
            EXPECT_EQ(mine["value"].GetInt(), 16);
            EXPECT_EQ(text_at(mine, "/valueType"), "int");
        }
        if (name == "upload") {
            saw_upload = true;
            EXPECT_FALSE(mine["enabled"].GetBool());
        }
    }
    EXPECT_TRUE(saw_build && saw_capacity && saw_upload);
}

TEST_F(WindowTools, DumpPagesWithACursorAndASubtree) {
    std::set<std::string> paths;
    std::string cursor;
    int pages = 0;
    int total = 0;
    do {
        std::string arguments = R"({"windowIndex":3,"limit":4)" + (cursor.empty() ? std::string() : R"(,"cursor":")" + cursor + "\"") + "}";
        ToolReply page = ok("uap_window_dump", arguments);
        ASSERT_LE(page.value["nodes"].Size(), 4u);
        for (const auto& node : page.value["nodes"].GetArray())
            EXPECT_TRUE(paths.insert(text_at(node, "/path")).second) << "path repeated across pages: " << text_at(node, "/path");
        total = page.value["total"].GetInt();
        cursor = page.value.HasMember("nextCursor") ? page.value["nextCursor"].GetString() : "";
        ++pages;
    } while (!cursor.empty() && pages < 100);
    EXPECT_EQ(static_cast<int>(paths.size()), total);
    EXPECT_GT(pages, 2);
    // A subtree: the actions row and its three buttons, each path under it.
    ToolReply actions = ok("uap_window_dump", R"({"windowIndex":3,"element":"2"})");
    EXPECT_EQ(actions.value["total"].GetInt(), 4);
    for (const auto& node : actions.value["nodes"].GetArray())
        EXPECT_EQ(text_at(node, "/path").rfind("2", 0), 0u);
}

TEST_F(WindowTools, ClickRunsTheHandlerAndTheEffectIsReadSeparately) {
    EXPECT_EQ(text_at(node(sdk_index, status_path), "/text"), "Idle");
    ToolReply reply = ok("uap_window_click", R"({"window":"VRChat SDK","name":"build"})");
    EXPECT_TRUE(reply.value["clicked"].GetBool());
    EXPECT_TRUE(reply.value["observed"]["handlerRan"].GetBool());
    EXPECT_EQ(text_at(reply.value, "/element/path"), build_button);
    // The handler's effects, read past the tool: the status label and the console.
    EXPECT_EQ(text_at(node(sdk_index, status_path), "/text"), "Builds: 1");
    EXPECT_NE(console_text().find("VRChat SDK: build started"), std::string::npos);
    ok("uap_window_click", R"({"windowIndex":3,"element":"2/0"})");
    EXPECT_EQ(text_at(node(sdk_index, status_path), "/text"), "Builds: 2");
}

// False report (1): "clicked: true" returned whatever happened. A button with no handler runs
// nothing, and the tool must say so.
TEST_F(WindowTools, ClickOnAButtonWithoutHandlerIsReportedNotClicked) {
    std::string before = console_text();
    std::string text = refused("uap_window_click", R"({"window":"VRChat SDK","name":"help"})");
    EXPECT_NE(text.find("not clicked"), std::string::npos) << text;
    EXPECT_NE(text.find("no click handler"), std::string::npos) << text;
    EXPECT_EQ(text.find("\"clicked\":true"), std::string::npos) << text;
    EXPECT_EQ(console_text(), before);
    EXPECT_EQ(text_at(node(sdk_index, status_path), "/text"), "Idle");
}

// False report (2): the event was sent but never reached the Clickable (the seeds' synthetic mouse
// and pointer events). The tool reports only the handler run it observed.
TEST_F(WindowTools, ClickWhoseEventNeverReachesTheHandlerIsNotReportedAsClicked) {
    std::string before = console_text();
    std::string text = refused("uap_window_click", R"({"window":"VRChat SDK","name":"validate"})");
    EXPECT_NE(text.find("not clicked"), std::string::npos) << text;
    EXPECT_NE(text.find("not observed to run"), std::string::npos) << text;
    EXPECT_EQ(console_text(), before);
    EXPECT_EQ(console_text().find("validation ran"), std::string::npos);
    EXPECT_EQ(text_at(node(sdk_index, status_path), "/text"), "Idle");
}

// False report (3): two windows of one type; acting on one of them by guess. The tool refuses,
// lists both with what tells them apart, and acts once windowIndex names one.
TEST_F(WindowTools, AmbiguousWindowIsRefusedUntilWindowIndexNamesOne) {
    for (const char* tool : {"uap_window_dump", "uap_window_click", "uap_window_set_value", "uap_window_screenshot"}) {
        std::string arguments = std::string(tool) == "uap_window_set_value" ? R"({"window":"Inspector","name":"no-selection","value":"x"})"
                                : std::string(tool) == "uap_window_click"   ? R"({"window":"Inspector","name":"no-selection"})"
                                                                            : R"({"window":"InspectorWindow"})";
        std::string text = refused(tool, arguments);
        EXPECT_NE(text.find("2 open windows match"), std::string::npos) << tool << ": " << text;
        EXPECT_NE(text.find("windowIndex 0"), std::string::npos) << text;
        EXPECT_NE(text.find("windowIndex 4"), std::string::npos) << text;
        EXPECT_NE(text.find("floating"), std::string::npos) << text;
    }
    ToolReply second = ok("uap_window_dump", R"({"window":"Inspector","windowIndex":4})");
    EXPECT_EQ(second.value["window"]["windowId"], editor_json("window.list", "{}")["windows"][4]["windowId"]);
    // An index that names another window than the title given is refused, not followed.
    std::string stale = refused("uap_window_click", R"({"window":"Inspector","windowIndex":3,"name":"build"})");
    EXPECT_NE(stale.find("not \"Inspector\""), std::string::npos) << stale;
    EXPECT_EQ(text_at(node(sdk_index, status_path), "/text"), "Idle");
}

TEST_F(WindowTools, ImguiWindowsAreRefusedWithTheRoutesThatWork) {
    for (const char* window : {"Scene", "Console"})
        for (const char* tool : {"uap_window_dump", "uap_window_click", "uap_window_set_value"}) {
            std::string arguments = std::string(R"({"window":")") + window + R"(","element":"0")" +
                                    (std::string(tool) == "uap_window_set_value" ? R"(,"value":1})" : "}");
            if (std::string(tool) == "uap_window_dump")
                arguments = std::string(R"({"window":")") + window + "\"}";
            std::string text = refused(tool, arguments);
            EXPECT_NE(text.find("no UI Toolkit elements"), std::string::npos) << tool << " " << window << ": " << text;
            EXPECT_NE(text.find("uap_editor_execute_menu"), std::string::npos) << text;
            EXPECT_NE(text.find("uap_property_set"), std::string::npos) << text;
        }
    // The editor itself refuses too, so a tool that skipped the check could not act either.
    EXPECT_NE(stack->editor("window.click", R"({"windowIndex":1,"path":"0"})").find("unsupported"), std::string::npos);
}

TEST_F(WindowTools, BoolFieldsAreRefusedByClickAndPointedToSetValue) {
    std::string text = refused("uap_window_click", R"({"windowIndex":3,"name":"public"})");
    EXPECT_NE(text.find("bool field"), std::string::npos) << text;
    EXPECT_NE(text.find("uap_window_set_value"), std::string::npos) << text;
    EXPECT_FALSE(node(sdk_index, public_toggle)["value"].GetBool());
}

TEST_F(WindowTools, DisabledButtonsAndNonButtonsAreRefused) {
    std::string before = console_text();
    std::string disabled = refused("uap_window_click", R"({"windowIndex":3,"name":"upload"})");
    EXPECT_NE(disabled.find("disabled"), std::string::npos) << disabled;
    std::string label = refused("uap_window_click", R"({"windowIndex":3,"name":"status"})");
    EXPECT_NE(label.find("not a Button"), std::string::npos) << label;
    EXPECT_EQ(console_text(), before);
}

TEST_F(WindowTools, SetValueWritesEachFieldKindAndReadsItBack) {
    struct Case {
        std::string path;
        std::string value_json;
        std::string expected_json;
    };
    const std::vector<Case> cases{{name_field, R"("Blue Avatar")", R"("Blue Avatar")"},
                                  {public_toggle, "true", "true"},
                                  {capacity_field, "32", "32"},
                                  {scale_field, "1.5", "1.5"},
                                  {platform_field, R"("Android")", R"("Android")"},
                                  {quality_field, R"("High")", R"("High")"},
                                  {volume_slider, "0.25", "0.25"}};
    for (const auto& each : cases) {
        ToolReply reply = ok("uap_window_set_value", R"({"window":"VRChat SDK","element":")" + each.path + R"(","value":)" + each.value_json + "}");
        rapidjson::Document expected;
        expected.Parse(each.expected_json.c_str());
        EXPECT_EQ(reply.value["value"], expected) << each.path;
        EXPECT_EQ(node(sdk_index, each.path)["value"], expected) << each.path << " read past the tool";
    }
    // previous is what the field held before the set.
    ToolReply again = ok("uap_window_set_value", R"({"windowIndex":3,"name":"capacity","value":8})");
    EXPECT_EQ(again.value["previous"].GetInt(), 32);
    EXPECT_EQ(node(sdk_index, capacity_field)["value"].GetInt(), 8);
}

TEST_F(WindowTools, SetValueThatTheFieldDoesNotKeepFailsLoudly) {
    // A slider clamps to its range: the value read back is not the value asked for.
    std::string text = refused("uap_window_set_value", R"({"windowIndex":3,"name":"volume","value":5})");
    EXPECT_NE(text.find("reads back as 1.0 after setting 5"), std::string::npos) << text;
    EXPECT_NE(text.find("range is 0.0 to 1.0"), std::string::npos) << text;
    EXPECT_EQ(node(sdk_index, volume_slider)["value"].GetDouble(), 1.0);
}

TEST_F(WindowTools, ScreenshotCapturesOneWindowAtItsSize) {
    ToolReply reply = ok("uap_window_screenshot", R"({"window":"VRChat SDK","return_image":true})");
    rapidjson::Document editor = editor_json("window.list", "{}");
    EXPECT_EQ(reply.value["width"].GetDouble(), editor["windows"][sdk_index]["position"]["width"].GetDouble());
    EXPECT_EQ(reply.value["height"].GetDouble(), editor["windows"][sdk_index]["position"]["height"].GetDouble());
    EXPECT_EQ(text_at(reply.value, "/window/title"), "VRChat SDK");
    EXPECT_EQ(reply.value["window"]["windowId"], editor["windows"][sdk_index]["windowId"]);
    EXPECT_GT(reply.value["base64Bytes"].GetInt(), 100);
    // An IMGUI window can still be looked at.
    ToolReply scene = ok("uap_window_screenshot", R"({"window":"Scene"})");
    EXPECT_EQ(text_at(scene.value, "/window/title"), "Scene");
}

} // namespace

namespace {

using namespace uap::testing;

class WindowPack : public WindowStack {};

// The traits drive the permission card and turn Undo: list, dump and screenshot read; click and
// set_value write and cannot be undone; only click is destructive. Found in English and Japanese.
TEST_F(WindowPack, SearchFindsEachToolWithItsTraits) {
    ToolReply reply = ok("uap_tool_search", R"({"area":"uap.pro.windows","limit":20})");
    std::map<std::string, std::string> traits;
    for (const auto& match : reply.value["matches"].GetArray()) {
        const auto& each = match["traits"];
        traits[match["tool"].GetString()] = std::string(each["readOnly"].GetBool() ? "RO" : "W") + (each["undoable"].GetBool() ? " undoable" : " not-undoable") +
                                            (each["destructive"].GetBool() ? " destructive" : "") + (each["idempotent"].GetBool() ? " idempotent" : "") +
                                            (each["longRunning"].GetBool() ? " long" : "");
    }
    ASSERT_EQ(traits.size(), 5u) << reply.text;
    EXPECT_EQ(traits["uap_window_list"], "RO not-undoable idempotent");
    EXPECT_EQ(traits["uap_window_dump"], "RO not-undoable idempotent");
    EXPECT_EQ(traits["uap_window_screenshot"], "RO not-undoable idempotent");
    EXPECT_EQ(traits["uap_window_click"], "W not-undoable destructive");
    EXPECT_EQ(traits["uap_window_set_value"], "W not-undoable idempotent");
    for (const char* query : {"click a button in an editor window", "ウィンドウのボタンをクリック"}) {
        ToolReply found = ok("uap_tool_search", std::string(R"({"query":")") + query + R"(","limit":3})");
        bool click = false;
        for (const auto& match : found.value["matches"].GetArray())
            click = click || std::string(match["tool"].GetString()) == "uap_window_click";
        EXPECT_TRUE(click) << query << ": " << found.text;
    }
}

} // namespace
