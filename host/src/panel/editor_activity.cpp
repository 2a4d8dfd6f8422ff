// The editor's activity for front-ends and the agent; see editor_activity.hpp. The bridge checks each
// event's data against the protocol, but nothing here relies on it: a missing field has a default.
#include "panel/editor_activity.hpp"

#include "support/json.hpp"
#include "support/utf8_text.hpp"

#include <algorithm>
#include <cstdio>

namespace uap::panel {

namespace {

constexpr std::size_t max_named_selection = 5;
constexpr std::size_t max_play_mode_steps = 6;
constexpr std::size_t max_name_bytes = 200;

rapidjson::Document event_of(const char* kind) {
    rapidjson::Document event(rapidjson::kObjectType);
    event.AddMember("type", "editor_event", event.GetAllocator());
    event.AddMember("kind", rapidjson::StringRef(kind), event.GetAllocator());
    return event;
}

void put(rapidjson::Document& event, const char* name, std::string_view text) {
    event.AddMember(rapidjson::StringRef(name), json::string_value(text, event.GetAllocator()), event.GetAllocator());
}

std::string joined(const std::vector<std::string>& parts, std::string_view separator) {
    std::string text;
    for (const auto& part : parts) {
        if (!text.empty())
            text += separator;
        text += part;
    }
    return text;
}

std::string quoted(std::string_view text) {
    std::string quoted_text(1, '"');
    quoted_text += ConsoleDigest::clip(text, max_name_bytes);
    quoted_text += '"';
    return quoted_text;
}

} // namespace

EditorActivity::EditorActivity(api::EditorEventSource* source, api::EventSink& sink, const Clock& clock)
    : m_source(source), m_sink(sink), m_clock(clock) {
    if (m_source)
        m_ticket = m_source->subscribe([this](const std::string& frame) { on_editor_event(frame); });
}

EditorActivity::~EditorActivity() {
    if (m_source)
        m_source->unsubscribe(m_ticket);
}

void EditorActivity::set_state_listener(std::function<void()> listener) {
    std::lock_guard lock(m_mutex);
    m_state_listener = std::move(listener);
}

void EditorActivity::on_editor_event(const std::string& frame_json) {
    auto frame = json::parse(frame_json);
    if (!frame || !frame->IsObject() || !frame->HasMember("data") || !(*frame)["data"].IsObject())
        return;
    std::string name = json::string_field(*frame, "event").value_or("");
    std::function<void()> listener;
    {
        std::lock_guard lock(m_mutex);
        if (observe_locked(name, (*frame)["data"]))
            listener = m_state_listener;
    }
    if (listener)
        listener();
}

bool EditorActivity::observe_locked(const std::string& name, const rapidjson::Value& data) {
    if (name == "playModeChanged")
        on_play_mode_locked(data);
    else if (name == "selectionChanged")
        on_selection_locked(data);
    else if (name == "modalDialog")
        on_modal_locked(data);
    else if (name == "prefabStageChanged")
        on_prefab_stage_locked(data);
    else if (name == "consoleError") {
        on_console_error_locked(data);
        return false; // Console counts reach the status at the next tick, not once per error.
    } else if (name == "compileStarted") {
        m_compile_state = "compiling";
        m_compile_summary = "the editor is compiling scripts";
        note_locked("compile", "scripts: the editor is compiling them");
        publish_locked(agent::notice("editor_compiling"), event_of("compile"));
    } else if (name == "compileFinished")
        on_compile_finished_locked(data);
    else if (name == "reloaded" && m_compile_state == "compiling") {
        // Unity reloads the domain only after a compile that succeeded.
        rapidjson::Document none(rapidjson::kObjectType);
        on_compile_finished_locked(none);
    } else
        return false;
    return true;
}

void EditorActivity::on_play_mode_locked(const rapidjson::Value& data) {
    std::string state = json::string_field(data, "state").value_or("unknown");
    std::string previous = json::string_field(data, "previous").value_or(m_play_mode);
    m_play_mode = state;
    if (m_play_modes_since_turn.empty())
        m_play_modes_since_turn.push_back(previous);
    m_play_modes_since_turn.push_back(state);
    if (m_play_modes_since_turn.size() > max_play_mode_steps)
        m_play_modes_since_turn.erase(m_play_modes_since_turn.begin(), m_play_modes_since_turn.end() - max_play_mode_steps);
    std::string consequence = state == "edit" ? "back in edit mode; Unity reverted what changed in the scene during play mode"
                                              : "scene changes made now are lost when play mode ends";
    note_locked("play_mode", "play mode: " + joined(m_play_modes_since_turn, " -> ") + " (" + consequence + ")");
    auto event = event_of("play_mode");
    put(event, "state", state);
    put(event, "previous", previous);
    publish_locked(agent::notice("editor_play_mode", {{"previous", previous}, {"state", state}}), std::move(event));
}

void EditorActivity::on_selection_locked(const rapidjson::Value& data) {
    m_selection = {};
    auto take = [&](const std::string& name) {
        ++m_selection.count;
        if (m_selection.names.size() < max_named_selection)
            m_selection.names.push_back(ConsoleDigest::clip(name, max_name_bytes));
    };
    static const rapidjson::Value none(rapidjson::kArrayType);
    const auto& objects = data.HasMember("objects") && data["objects"].IsArray() ? data["objects"] : none;
    for (const auto& object : objects.GetArray()) {
        if (!object.IsObject())
            continue;
        auto id = json::integer_field(object, "instanceId");
        auto named = json::string_field(object, "path");
        if (!named)
            named = json::string_field(object, "assetPath");
        if (!named)
            named = json::string_field(object, "name");
        take(named.value_or(id ? "#" + std::to_string(*id) : "?"));
    }
    if (data.HasMember("assets") && data["assets"].IsArray())
        for (const auto& asset : data["assets"].GetArray())
            if (asset.IsString())
                take(asset.GetString());
    // An editor that lists only the first objects says how many there were.
    if (auto count = json::integer_field(data, "count"); count && *count > static_cast<int64_t>(m_selection.count))
        m_selection.count = static_cast<uint64_t>(*count);
    std::string text = m_selection.count == 0 ? "nothing selected"
                                               : std::to_string(m_selection.count) + (m_selection.count == 1 ? " item: " : " items: ") +
                                                     joined(m_selection.names, ", ") + (m_selection.count > m_selection.names.size() ? ", ..." : "");
    note_locked("selection", "selection: " + text);
    auto event = event_of("selection");
    event.AddMember("count", m_selection.count, event.GetAllocator());
    // Front-ends show selections in the status only, so this line stays English.
    publish_locked(agent::untranslated_notice("selection: " + text), std::move(event));
}

void EditorActivity::on_modal_locked(const rapidjson::Value& data) {
    std::string title = ConsoleDigest::clip(json::string_field(data, "title").value_or("(untitled)"), max_name_bytes);
    bool open = json::bool_field(data, "open").value_or(false);
    m_modal_title = open ? title : std::string();
    // One line for every dialog since the previous message: the newest, and how many there were.
    if (open)
        ++m_modals_since_turn;
    std::string others = m_modals_since_turn > 1 ? " (" + std::to_string(m_modals_since_turn) + " dialogs opened since the previous message)" : "";
    if (open)
        note_locked("modal", "a modal dialog is open: " + quoted(title) + others +
                                 ". The editor's main thread waits until the user closes it, so editor tools wait or time out meanwhile;"
                                 " the host never closes it: ask the user to answer it");
    else
        note_locked("modal", "a modal dialog was open and has been closed: " + quoted(title) + others);
    auto event = event_of("modal_dialog");
    put(event, "title", title);
    event.AddMember("open", open, event.GetAllocator());
    publish_locked(agent::notice(open ? "editor_modal_open" : "editor_modal_closed", {{"title", ConsoleDigest::clip(title, max_name_bytes)}}),
                   std::move(event));
}

void EditorActivity::on_prefab_stage_locked(const rapidjson::Value& data) {
    std::string path = ConsoleDigest::clip(json::string_field(data, "assetPath").value_or("(unknown prefab)"), max_name_bytes);
    bool opened = json::bool_field(data, "opened").value_or(false);
    m_prefab_stage = opened ? path : std::string();
    std::string text = opened ? "prefab mode: " + path + " is open in prefab mode (the editor shows the prefab's contents, not the scene)"
                              : "prefab mode: " + path + " was closed; the editor shows the scene again";
    note_locked("prefab_stage", text);
    auto event = event_of("prefab_stage");
    event.AddMember("opened", opened, event.GetAllocator());
    put(event, "asset_path", path);
    publish_locked(agent::notice(opened ? "editor_prefab_open" : "editor_prefab_closed", {{"path", path}}), std::move(event));
}

void EditorActivity::on_compile_finished_locked(const rapidjson::Value& data) {
    const rapidjson::Value* errors = data.HasMember("errors") && data["errors"].IsArray() ? &data["errors"] : nullptr;
    int64_t listed = errors ? static_cast<int64_t>(errors->Size()) : 0;
    m_compile_errors = static_cast<uint64_t>(std::max(json::integer_field(data, "errorCount").value_or(0), listed));
    m_compile_state = m_compile_errors > 0 ? "compile_failed" : "compiled";
    agent::NoticeText summary = m_compile_errors == 0 ? agent::notice("editor_compiled")
                                                      : agent::notice("editor_compile_failed", {{"count", std::to_string(m_compile_errors)}});
    if (errors && listed > 0 && (*errors)[0].IsObject()) {
        const auto& first = (*errors)[0];
        std::string where = json::string_field(first, "file").value_or("(no file)");
        if (auto line = json::integer_field(first, "line"); line && *line > 0) {
            // file(line,column), the form compilers and Unity's Console print.
            char position[64];
            std::snprintf(position, sizeof position, "(%lld,%lld)", static_cast<long long>(*line),
                          static_cast<long long>(json::integer_field(first, "column").value_or(0)));
            where += position;
        }
        summary = agent::notice("editor_compile_failed_first",
                                {{"count", std::to_string(m_compile_errors)},
                                 {"where", where},
                                 {"message", ConsoleDigest::clip(json::string_field(first, "message").value_or(""), ConsoleDigest::max_message_bytes)}});
    }
    m_compile_summary = summary.text;
    note_locked("compile", "scripts: " + m_compile_summary +
                               (m_compile_errors > 0 ? ". Unity keeps running the previous scripts; fix them with uap_scripts_commit (uap_ping lists the errors)" : ""));
    auto event = event_of("compile");
    put(event, "state", m_compile_state);
    event.AddMember("error_count", m_compile_errors, event.GetAllocator());
    publish_locked(summary, std::move(event));
}

void EditorActivity::on_console_error_locked(const rapidjson::Value& data) {
    std::string kind = json::string_field(data, "type").value_or("error");
    std::string message = json::string_field(data, "message").value_or("");
    uint64_t count = static_cast<uint64_t>(std::max<int64_t>(json::integer_field(data, "count").value_or(1), 1));
    uint64_t now = m_clock.now_ms();
    m_console_changed = true;
    if (m_console.add(kind, message, count, now) != ConsolePublication::Publish)
        return;
    auto event = event_of("console_error");
    put(event, "error_type", kind);
    put(event, "message", ConsoleDigest::clip(message, ConsoleDigest::max_message_bytes));
    event.AddMember("count", count, event.GetAllocator());
    // The editor's own words, shown as they are.
    publish_locked(agent::untranslated_notice(kind + ": " + ConsoleDigest::clip(message, ConsoleDigest::max_message_bytes)), std::move(event));
}

void EditorActivity::tick() {
    std::function<void()> listener;
    {
        std::lock_guard lock(m_mutex);
        auto summary = m_console.close_window_if_due(m_clock.now_ms());
        if (!summary.empty())
            publish_summary_locked(summary);
        if (m_console_changed)
            listener = m_state_listener;
        m_console_changed = false;
    }
    if (listener)
        listener();
}

void EditorActivity::publish_summary_locked(const ConsoleWindowSummary& summary) {
    auto event = event_of("console_summary");
    auto& allocator = event.GetAllocator();
    rapidjson::Value repeated(rapidjson::kArrayType);
    uint64_t repeats = 0;
    for (const auto& entry : summary.repeated) {
        rapidjson::Value item(rapidjson::kObjectType);
        item.AddMember("error_type", json::string_value(entry.kind, allocator), allocator);
        item.AddMember("message", json::string_value(entry.message, allocator), allocator);
        item.AddMember("count", entry.count, allocator);
        repeated.PushBack(item, allocator);
        repeats += entry.count;
    }
    event.AddMember("repeated", repeated, allocator);
    event.AddMember("suppressed", summary.suppressed, allocator);
    event.AddMember("suppressed_distinct", summary.suppressed_distinct, allocator);
    event.AddMember("window_seconds", ConsoleDigest::window_ms / 1000, allocator);
    publish_locked(agent::notice("editor_console_summary", {{"repeated", std::to_string(summary.repeated.size())},
                                                            {"entries", std::to_string(repeats)},
                                                            {"suppressed", std::to_string(summary.suppressed)}}),
                   std::move(event));
}

void EditorActivity::note_locked(const std::string& key, std::string line) {
    auto found = std::find_if(m_turn_lines.begin(), m_turn_lines.end(), [&](const auto& entry) { return entry.first == key; });
    if (found != m_turn_lines.end()) {
        found->second = std::move(line);
        return;
    }
    if (m_turn_lines.size() >= max_turn_lines) {
        m_turn_lines.erase(m_turn_lines.begin());
        ++m_dropped_turn_lines;
    }
    m_turn_lines.emplace_back(key, std::move(line));
}

void EditorActivity::publish_locked(const agent::NoticeText& notice, rapidjson::Document event) {
    agent::put_notice(event, notice);
    m_sink.publish(std::move(event));
}

std::string EditorActivity::take_turn_text() {
    std::lock_guard lock(m_mutex);
    ConsoleTurnDigest console = m_console.take_turn();
    auto lines = std::move(m_turn_lines);
    uint64_t dropped = m_dropped_turn_lines;
    m_turn_lines.clear();
    m_dropped_turn_lines = 0;
    m_play_modes_since_turn.clear();
    m_modals_since_turn = 0;
    if (lines.empty() && console.total == 0)
        return {};
    std::string text = "[What happened in the Unity editor since the previous message, reported by the editor, not written by the user]\n";
    if (dropped > 0)
        text += "- (" + std::to_string(dropped) + " earlier editor events left out)\n";
    for (const auto& [key, line] : lines)
        text += "- " + line + "\n";
    if (console.total > 0) {
        text += "- Console: " + std::to_string(console.total) + " error entries, " +
                std::to_string(console.distinct.size() + console.more_distinct) + " distinct (identical ones counted once):\n";
        for (const auto& entry : console.distinct)
            text += "  - " + entry.kind + " x" + std::to_string(entry.count) + ": " + entry.message + "\n";
        if (console.more_distinct > 0)
            text += "  - and " + std::to_string(console.more_distinct) + " more distinct errors (" + std::to_string(console.more_entries) +
                    " entries); uap_console_logs lists them (through uap_tool_call)\n";
    }
    // Long names in every line and ten long errors can exceed the bound; the Console's list comes last, so it is what gets cut.
    static const std::string cut_note = "\n- (the rest is cut: this block is bounded at " + std::to_string(max_turn_text_bytes) + " bytes)\n";
    if (text.size() > max_turn_text_bytes)
        text = utf8::clip(text, max_turn_text_bytes - cut_note.size()) + cut_note;
    return text;
}

void EditorActivity::write_state(rapidjson::Value& into, rapidjson::Document::AllocatorType& allocator) const {
    std::lock_guard lock(m_mutex);
    into.SetObject();
    into.AddMember("play_mode", json::string_value(m_play_mode, allocator), allocator);
    rapidjson::Value selection(rapidjson::kObjectType), names(rapidjson::kArrayType);
    for (const auto& name : m_selection.names)
        names.PushBack(json::string_value(name, allocator), allocator);
    selection.AddMember("count", m_selection.count, allocator);
    selection.AddMember("names", names, allocator);
    into.AddMember("selection", selection, allocator);
    into.AddMember("modal_dialog", m_modal_title.empty() ? rapidjson::Value() : json::string_value(m_modal_title, allocator), allocator);
    into.AddMember("prefab_stage", m_prefab_stage.empty() ? rapidjson::Value() : json::string_value(m_prefab_stage, allocator), allocator);
    rapidjson::Value compile(rapidjson::kObjectType);
    compile.AddMember("state", json::string_value(m_compile_state, allocator), allocator);
    compile.AddMember("error_count", m_compile_errors, allocator);
    compile.AddMember("summary", json::string_value(m_compile_summary, allocator), allocator);
    into.AddMember("compile", compile, allocator);
    into.AddMember("console_errors", m_console.total(), allocator);
}

} // namespace uap::panel
