// Bad input to the editor-window tools: missing, wrong-typed, oversized and hostile arguments are
// refused with what was wrong and how to fix it, and nothing in the window changes.
#include "window_stack.hpp"

namespace {

using namespace uap::testing;

class WindowInput : public WindowStack {
protected:
    // The SDK panel's whole tree and the console, to show a refusal changed nothing.
    std::string state() { return stack->editor("window.tree", R"({"windowIndex":3,"limit":1000})") + console_text(); }
    void expect_refused(const std::string& tool, const std::string& arguments, const std::string& says) {
        std::string before = state();
        std::string text = refused(tool, arguments);
        EXPECT_NE(text.find(says), std::string::npos) << tool << " " << arguments << " answered: " << text;
        EXPECT_EQ(state(), before) << tool << " " << arguments << " changed the window";
    }
};

TEST_F(WindowInput, MissingWindowOrElementIsRefusedNamingTheArgument) {
    for (const char* tool : {"uap_window_dump", "uap_window_screenshot", "uap_window_click"})
        expect_refused(tool, "{}", "windowIndex (from uap_window_list)");
    expect_refused("uap_window_set_value", R"({"value":1})", "windowIndex (from uap_window_list)");
    expect_refused("uap_window_click", R"({"windowIndex":3})", "exactly one of element");
    expect_refused("uap_window_click", R"({"windowIndex":3,"element":"2/0","name":"build"})", "exactly one of element");
    expect_refused("uap_window_set_value", R"({"windowIndex":3,"name":"capacity"})", "value");
}

TEST_F(WindowInput, WrongTypedArgumentsAreRefused) {
    expect_refused("uap_window_dump", R"({"windowIndex":"3"})", "windowIndex");
    expect_refused("uap_window_dump", R"({"window":3})", "window");
    expect_refused("uap_window_click", R"({"windowIndex":3,"element":2})", "element");
    expect_refused("uap_window_screenshot", R"({"windowIndex":3,"return_image":"yes"})", "return_image");
    expect_refused("uap_window_set_value", R"({"windowIndex":3,"name":"capacity","value":{"x":1}})", "value");
    expect_refused("uap_window_set_value", R"({"windowIndex":3,"name":"capacity","value":"many"})", "32-bit integer");
    expect_refused("uap_window_set_value", R"({"windowIndex":3,"name":"capacity","value":1.5})", "32-bit integer");
    expect_refused("uap_window_set_value", R"({"windowIndex":3,"name":"public","value":"true"})", "true or false");
    expect_refused("uap_window_set_value", R"({"windowIndex":3,"name":"platform","value":"PlayStation"})", "Windows, Android, iOS");
    expect_refused("uap_window_set_value", R"({"windowIndex":3,"name":"build","value":"x"})", "holds no value");
    expect_refused("uap_window_set_value", R"({"windowIndex":3,"name":"upload","value":"x"})", "holds no value");
}

TEST_F(WindowInput, OversizedArgumentsAreRefused) {
    expect_refused("uap_window_dump", R"({"window":")" + std::string(300, 'W') + "\"}", "window");
    expect_refused("uap_window_dump", R"({"windowIndex":100001})", "windowIndex");
    expect_refused("uap_window_dump", R"({"windowIndex":-1})", "windowIndex");
    expect_refused("uap_window_dump", R"({"windowIndex":3,"limit":501})", "limit");
    expect_refused("uap_window_dump", R"({"windowIndex":3,"limit":0})", "limit");
    expect_refused("uap_window_click", R"({"windowIndex":3,"element":")" + std::string(3000, '0') + "\"}", "element");
    expect_refused("uap_window_dump", R"({"windowIndex":99})", "no open window has windowIndex 99");
}

TEST_F(WindowInput, HostileArgumentsAreRefused) {
    expect_refused("uap_window_click", R"({"windowIndex":3,"element":"../../etc/passwd"})", "names no child");
    expect_refused("uap_window_click", R"({"windowIndex":3,"element":"2/9"})", "names no child");
    expect_refused("uap_window_click", R"({"windowIndex":3,"element":"2/0/0/0"})", "names no child");
    expect_refused("uap_window_click", R"({"windowIndex":3,"element":"99999999999"})", "names no child");
    expect_refused("uap_window_click", R"({"windowIndex":3,"name":"<script>"})", "no element");
    expect_refused("uap_window_dump", R"({"windowIndex":3,"cursor":"-5"})", "cursor");
    expect_refused("uap_window_dump", R"({"windowIndex":3,"cursor":"1e9"})", "cursor");
    expect_refused("uap_window_dump", R"({"window":"No Such Window"})", "no open window is titled or typed");
    expect_refused("uap_window_click", R"({"windowIndex":3,"name":"build","force":true})", "force");
    expect_refused("uap_window_list", R"({"all":true})", "all");
}

TEST_F(WindowInput, ANameSharedByTwoElementsIsRefusedWithTheirPaths) {
    // Every field's label is an unnamed Label; the empty name is refused by the schema, and a shared
    // name by the tool. The Inspector's lone label is unique, so it resolves.
    expect_refused("uap_window_click", R"({"windowIndex":3,"name":""})", "name");
    ToolReply dump = ok("uap_window_dump", R"({"windowIndex":0})");
    EXPECT_GT(dump.value["total"].GetInt(), 1);
}

} // namespace
