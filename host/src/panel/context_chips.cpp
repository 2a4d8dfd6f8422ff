// Context chips offered, attached and sent: see context_chips.hpp.
#include "panel/context_chips.hpp"

#include "panel/chip_texts.hpp"
#include "support/json.hpp"

#include <uap/sdk/file_jail.hpp>

#include <algorithm>
#include <system_error>

namespace uap::panel {

namespace {

constexpr const char* scene_id = "scene";
constexpr const char* selection_id = "selection";
constexpr const char* console_id = "console";
constexpr std::size_t max_dropped_path_bytes = 1024;

bool is_marker(const std::string& kind) { return kind == "pin" || kind == "sketch"; }
bool is_dropped(const std::string& kind) { return kind == "asset" || kind == "object"; }

bool has_control_character(const std::string& text) {
    return std::any_of(text.begin(), text.end(), [](char character) { return static_cast<unsigned char>(character) < 0x20; });
}

std::string last_segment(const std::string& path) {
    std::string trimmed = path;
    while (trimmed.size() > 1 && trimmed.back() == '/')
        trimmed.pop_back();
    auto slash = trimmed.rfind('/');
    return slash == std::string::npos ? trimmed : trimmed.substr(slash + 1);
}

} // namespace

ContextChips::ContextChips(api::EditorEventSource* source, api::EditorLink* editor, api::EventSink& sink, std::filesystem::path project)
    : m_source(source), m_editor(editor), m_sink(sink), m_project(std::move(project)) {
    if (m_editor)
        m_chips.push_back({scene_id, "scene", "Scene summary", ""});
    if (m_source)
        m_ticket = m_source->subscribe([this](const std::string& frame) { on_editor_event(frame); });
}

ContextChips::~ContextChips() {
    if (m_source)
        m_source->unsubscribe(m_ticket);
}

void ContextChips::on_editor_event(const std::string& frame_json) {
    auto frame = json::parse(frame_json);
    if (!frame || !frame->IsObject() || !frame->HasMember("data") || !(*frame)["data"].IsObject())
        return;
    std::string name = json::string_field(*frame, "event").value_or("");
    const auto& data = (*frame)["data"];
    std::lock_guard lock(m_mutex);
    if ((name == "sceneChanged" && json::bool_field(data, "opened").value_or(false)) ||
        (name == "playModeChanged" && json::string_field(data, "previous").value_or("") == "edit")) {
        // Pins and sketches point into a scene that is gone (the markers pack clears them too).
        auto before = m_chips.size();
        std::erase_if(m_chips, [&](const Chip& chip) {
            bool gone = is_marker(chip.kind);
            if (gone)
                m_attached.erase(chip.id);
            return gone;
        });
        if (m_chips.size() != before)
            publish_locked();
        return;
    }
    if (name == "selectionChanged") {
        std::string text = chips::selection_text(data);
        if (text.empty())
            remove_chip_locked(selection_id);
        else
            put_chip_locked({selection_id, "selection", chips::selection_label(data), std::move(text)});
        publish_locked();
        return;
    }
    if (name == "consoleError") {
        // The first error shows its chip at once; the ones after it wait for the next tick.
        bool first = !find_locked(console_id);
        on_console_error_locked(data);
        if (first)
            publish_locked();
        else
            m_console_unpublished = true;
        return;
    }
    auto id = json::string_field(data, "id");
    if (!id || id->empty() || id->size() > 16 || *id == scene_id || *id == selection_id || *id == console_id)
        return;
    if (name == "userPin" && data.HasMember("position"))
        put_chip_locked({*id, "pin", *id, chips::pin_text(data)});
    else if (name == "strokeFinished" && data.HasMember("points") && data["points"].IsArray() && !data["points"].Empty())
        put_chip_locked({*id, "sketch", *id, chips::stroke_text(data)});
    else
        return;
    if (std::count_if(m_chips.begin(), m_chips.end(), [](const Chip& chip) { return is_marker(chip.kind); }) >
        static_cast<std::ptrdiff_t>(max_marker_chips)) {
        auto oldest = std::find_if(m_chips.begin(), m_chips.end(), [](const Chip& chip) { return is_marker(chip.kind); });
        m_attached.erase(oldest->id);
        m_chips.erase(oldest);
    }
    publish_locked();
}

void ContextChips::tick() {
    std::lock_guard lock(m_mutex);
    if (m_console_unpublished)
        publish_locked();
}

void ContextChips::on_console_error_locked(const rapidjson::Value& data) {
    ConsoleErrorEntry entry{json::string_field(data, "type").value_or("error"),
                            ConsoleDigest::clip(json::string_field(data, "message").value_or(""), ConsoleDigest::max_message_bytes),
                            static_cast<uint64_t>(std::max<int64_t>(1, json::integer_field(data, "count").value_or(1)))};
    m_console_total += entry.count;
    auto same = std::find_if(m_console.begin(), m_console.end(),
                             [&](const ConsoleErrorEntry& kept) { return kept.kind == entry.kind && kept.message == entry.message; });
    if (same != m_console.end()) {
        entry.count += same->count;
        m_console.erase(same);
    }
    m_console.push_front(std::move(entry));
    if (m_console.size() > chips::max_console_errors)
        m_console.pop_back();
    uint64_t total = m_console_total;
    std::vector<ConsoleErrorEntry> newest(m_console.begin(), m_console.end());
    put_chip_locked({console_id, "console", std::to_string(total) + (total == 1 ? " Console error" : " Console errors"), chips::console_text(newest)});
}

void ContextChips::put_chip_locked(Chip chip) {
    for (auto& kept : m_chips)
        if (kept.id == chip.id) {
            kept = std::move(chip);
            return;
        }
    m_chips.push_back(std::move(chip));
}

void ContextChips::remove_chip_locked(const std::string& id) {
    m_attached.erase(id);
    std::erase_if(m_chips, [&](const Chip& chip) { return chip.id == id; });
}

const ContextChips::Chip* ContextChips::find_locked(const std::string& id) const {
    auto found = std::find_if(m_chips.begin(), m_chips.end(), [&](const Chip& chip) { return chip.id == id; });
    return found == m_chips.end() ? nullptr : &*found;
}

std::size_t ContextChips::attached_bytes_locked() const {
    std::size_t bytes = 0;
    for (const auto& chip : m_chips)
        if (m_attached.count(chip.id))
            bytes += chip.text.size();
    return bytes;
}

void ContextChips::write_state_locked(rapidjson::Value& into, rapidjson::Document::AllocatorType& allocator) const {
    rapidjson::Value items(rapidjson::kArrayType), attached(rapidjson::kArrayType);
    for (const auto& chip : m_chips) {
        rapidjson::Value entry(rapidjson::kObjectType);
        entry.AddMember("id", json::string_value(chip.id, allocator), allocator);
        entry.AddMember("kind", json::string_value(chip.kind, allocator), allocator);
        entry.AddMember("label", json::string_value(chip.label, allocator), allocator);
        entry.AddMember("text", json::string_value(chip.text, allocator), allocator);
        entry.AddMember("bytes", static_cast<uint64_t>(chip.text.size()), allocator);
        items.PushBack(entry, allocator);
        if (m_attached.count(chip.id))
            attached.PushBack(json::string_value(chip.id, allocator), allocator);
    }
    into.AddMember("items", items, allocator);
    into.AddMember("attached", attached, allocator);
    into.AddMember("attached_bytes", static_cast<uint64_t>(attached_bytes_locked()), allocator);
}

void ContextChips::publish_locked() {
    m_console_unpublished = false; // Whatever waited is in this event.
    rapidjson::Document event(rapidjson::kObjectType);
    event.AddMember("type", "context", event.GetAllocator());
    write_state_locked(event, event.GetAllocator());
    m_sink.publish(std::move(event));
}

Expected<void> ContextChips::run(const std::string& type, const rapidjson::Value& command, rapidjson::Document& reply) {
    auto outcome = type == "add_context" ? add(command) : attach(command);
    if (!outcome)
        return outcome;
    std::lock_guard lock(m_mutex);
    write_state_locked(reply, reply.GetAllocator());
    return {};
}

Expected<void> ContextChips::attach(const rapidjson::Value& command) {
    auto ids = command.FindMember("ids");
    if (ids == command.MemberEnd())
        return {}; // A front-end that connects later reads the chips this way.
    if (!ids->value.IsArray())
        return Error("attach_context needs ids: an array of chip ids from the context event, such as [\"selection\",\"P1\"] ([] detaches all)");
    std::set<std::string> wanted;
    {
        std::lock_guard lock(m_mutex);
        for (const auto& id : ids->value.GetArray()) {
            if (!id.IsString() || !find_locked(id.GetString())) {
                std::string named = id.IsString() ? "'" + std::string(id.GetString()) + "'" : "a non-string id";
                return Error("attach_context refused: " + named + " is not a current chip; the context event lists them");
            }
            wanted.insert(id.GetString());
        }
    }
    // The summary is asked of the editor when the chip is attached, outside the lock: the chip then
    // shows what the model will read, and how large it is.
    std::string summary;
    bool summarise = wanted.count(scene_id) > 0;
    if (summarise) {
        bool already = false;
        {
            std::lock_guard lock(m_mutex);
            already = m_attached.count(scene_id) > 0;
        }
        if (!already) {
            if (!m_editor)
                return Error("attach_context refused: no editor answers a scene summary here");
            auto made = chips::scene_summary(*m_editor);
            if (!made)
                return Error("attach_context refused: the scene summary could not be made (" + made.error().message() +
                             "); check the editor's connection in the status bar and attach it again");
            summary = std::move(*made);
        } else
            summarise = false;
    }
    std::lock_guard lock(m_mutex);
    std::vector<Chip> gone;
    for (auto& chip : m_chips)
        if (chip.id == scene_id && summarise)
            chip.text = summary;
    std::size_t bytes = 0;
    for (const auto& id : wanted)
        if (const Chip* chip = find_locked(id))
            bytes += chip->text.size();
    if (bytes > max_attached_bytes)
        return Error("attach_context refused: the chips would add " + std::to_string(bytes) + " bytes to the message, more than " +
                     std::to_string(max_attached_bytes) + "; detach some first");
    // A dropped chip the user detaches is removed: it was only ever there to be sent.
    std::erase_if(m_chips, [&](const Chip& chip) { return is_dropped(chip.kind) && !wanted.count(chip.id); });
    m_attached.clear();
    for (const auto& id : wanted)
        if (find_locked(id))
            m_attached.insert(id);
    publish_locked();
    return {};
}

Expected<ContextChips::Chip> ContextChips::dropped_asset(const std::string& path) const {
    if (path.rfind("Assets/", 0) != 0 && path.rfind("Packages/", 0) != 0 && path != "Assets" && path != "Packages")
        return Error("add_context refused: '" + path + "' is not under Assets/ or Packages/; drop an asset of this project");
    auto jail = sdk::FileJail::open(m_project);
    if (!jail)
        return Error("add_context refused: the project folder cannot be read (" + jail.error().message + ")");
    auto kind = jail->kind(path);
    if (!kind)
        return Error("add_context refused: " + kind.error().message);
    std::string text;
    switch (kind.value()) {
    case sdk::EntryKind::File: {
        std::error_code error;
        auto size = std::filesystem::file_size(jail->host_path(path), error);
        text = "asset " + path + (error ? std::string() : ", " + std::to_string(size) + " bytes") + " (its content is not included; read it if needed)";
        break;
    }
    case sdk::EntryKind::Folder:
        text = "folder " + path;
        break;
    case sdk::EntryKind::Link:
        return Error("add_context refused: " + path + " is a link, which could lead out of the project; drop the file it points to");
    default:
        return Error("add_context refused: nothing is at " + path + " in this project; drop an existing asset");
    }
    return Chip{"", "asset", last_segment(path), std::move(text)};
}

Expected<void> ContextChips::add(const rapidjson::Value& command) {
    auto asset = json::string_field(command, "asset");
    auto object = json::string_field(command, "object");
    if (asset.has_value() == object.has_value())
        return Error("add_context needs exactly one of asset (a project path such as \"Assets/Scripts/Player.cs\") or object (a "
                     "hierarchy path such as \"/Level/Player\")");
    const std::string& path = asset ? *asset : *object;
    if (path.empty() || path.size() > max_dropped_path_bytes || has_control_character(path))
        return Error("add_context refused: the path is empty, longer than " + std::to_string(max_dropped_path_bytes) +
                     " bytes or has a control character");
    Chip chip;
    if (asset) {
        auto made = dropped_asset(*asset);
        if (!made)
            return made.error();
        chip = std::move(*made);
    } else {
        if (path.front() != '/')
            return Error("add_context refused: '" + path + "' is not a hierarchy path; it starts with '/', such as \"/Level/Player\"");
        chip = {"", "object", last_segment(path), "object " + path + " (dropped from the hierarchy)"};
    }
    std::lock_guard lock(m_mutex);
    for (const auto& kept : m_chips)
        if (is_dropped(kept.kind) && kept.text == chip.text)
            return {}; // Dropped twice: one chip.
    if (std::count_if(m_chips.begin(), m_chips.end(), [](const Chip& kept) { return is_dropped(kept.kind); }) >=
        static_cast<std::ptrdiff_t>(max_dropped_chips))
        return Error("add_context refused: " + std::to_string(max_dropped_chips) + " dropped chips are attached already; remove some first");
    if (attached_bytes_locked() + chip.text.size() > max_attached_bytes)
        return Error("add_context refused: the message would carry more than " + std::to_string(max_attached_bytes) +
                     " bytes of context; detach some first");
    chip.id = "D" + std::to_string(m_next_dropped++);
    m_attached.insert(chip.id);
    m_chips.push_back(std::move(chip));
    publish_locked();
    return {};
}

std::string ContextChips::attached_text() const {
    std::lock_guard lock(m_mutex);
    if (m_attached.empty())
        return {};
    std::string text = "Context the user attached to this message, one chip per block:\n";
    bool markers = false;
    for (const auto& chip : m_chips)
        if (m_attached.count(chip.id)) {
            // The block's header names the chip as the user saw it: its id and kind in brackets.
            text.append(1, '[').append(chip.id).append(1, ' ').append(chip.kind).append("] ").append(chip.text).append(1, '\n');
            markers = markers || is_marker(chip.kind);
        }
    if (markers)
        text += "(Full pin and sketch data: uap_marker_list, uap_stroke_list.)\n";
    return text + "\n";
}

void ContextChips::message_sent() {
    std::lock_guard lock(m_mutex);
    if (m_attached.empty())
        return;
    if (m_attached.count(console_id)) {
        // Those errors were told; the chip comes back with the next one.
        m_console.clear();
        m_console_total = 0;
        std::erase_if(m_chips, [](const Chip& chip) { return chip.id == console_id; });
    }
    std::erase_if(m_chips, [&](const Chip& chip) { return is_dropped(chip.kind) && m_attached.count(chip.id); });
    for (auto& chip : m_chips)
        if (chip.id == scene_id)
            chip.text.clear(); // Asked again when next attached: the scene will have changed.
    m_attached.clear();
    publish_locked();
}

} // namespace uap::panel
