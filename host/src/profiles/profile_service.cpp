// ProfileService: spawn sections, the type-answer cache, approvals and switches, status events.
#include "profiles/profile_service.hpp"

#include "modules/manifest.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

#include <rapidjson/writer.h>

#include <spdlog/spdlog.h>

#include <algorithm>

namespace uap::profiles {

namespace fs = std::filesystem;

namespace {

rapidjson::Value quick_actions_json(const Profile& profile, rapidjson::Document::AllocatorType& allocator) {
    rapidjson::Value actions(rapidjson::kArrayType);
    for (auto& action : profile.quick_actions) {
        rapidjson::Value value(rapidjson::kObjectType);
        value.AddMember("id", json::string_value(action.id, allocator), allocator);
        value.AddMember("label", json::string_value(action.label, allocator), allocator);
        if (!action.label_ja.empty())
            value.AddMember("label_ja", json::string_value(action.label_ja, allocator), allocator);
        value.AddMember("prompt", json::string_value(action.prompt, allocator), allocator);
        actions.PushBack(value, allocator);
    }
    return actions;
}

} // namespace

rapidjson::Value entry_json(const ProfileEntry& entry, Detail detail, rapidjson::Document::AllocatorType& allocator) {
    rapidjson::Value item(rapidjson::kObjectType);
    auto text = [&](const char* name, const std::string& value) { item.AddMember(rapidjson::StringRef(name), json::string_value(value, allocator), allocator); };
    auto list = [&](const char* name, const std::vector<std::string>& values) {
        rapidjson::Value array(rapidjson::kArrayType);
        for (auto& value : values)
            array.PushBack(json::string_value(value, allocator), allocator);
        item.AddMember(rapidjson::StringRef(name), array, allocator);
    };
    text("id", entry.id);
    text("display_name", entry.profile ? entry.profile->display_name : entry.id);
    text("origin", to_string(entry.origin));
    if (!entry.pack_id.empty())
        text("pack", entry.pack_id);
    text("file", utf8::from_path(entry.file));
    text("state", to_string(entry.state));
    text("sha256", entry.sha256);
    if (!entry.problem.empty())
        text("problem", entry.problem);
    text("detection", entry.detection);
    item.AddMember("detected", entry.detected, allocator);
    item.AddMember("trusted", entry.trusted, allocator);
    item.AddMember("switched_on", entry.switched_on, allocator);
    list("warnings", entry.warnings);
    if (entry.profile) {
        item.AddMember("line_count", static_cast<uint64_t>(entry.profile->instruction_lines.size()), allocator);
        if (detail == Detail::Full) {
            list("package_ids", entry.profile->package_ids);
            list("type_names", entry.profile->type_names);
            list("instruction_lines", entry.profile->instruction_lines);
            list("sources", entry.profile->sources);
            // Canned prompts and asset presets for the SDK (the panel offers them; docs/profiles.md).
            item.AddMember("quick_actions", quick_actions_json(*entry.profile, allocator), allocator);
            rapidjson::Value templates(rapidjson::kArrayType);
            for (auto& preset : entry.profile->asset_templates) {
                rapidjson::Value value(rapidjson::kObjectType);
                value.AddMember("id", json::string_value(preset.id, allocator), allocator);
                value.AddMember("label", json::string_value(preset.label, allocator), allocator);
                value.AddMember("asset_type", json::string_value(preset.asset_type, allocator), allocator);
                value.AddMember("path", json::string_value(preset.path, allocator), allocator);
                rapidjson::Document properties;
                properties.Parse(preset.properties_json.c_str(), preset.properties_json.size());
                value.AddMember("properties", rapidjson::Value(properties, allocator), allocator);
                templates.PushBack(value, allocator);
            }
            item.AddMember("asset_templates", templates, allocator);
        } else {
            item.AddMember("quick_action_count", static_cast<uint64_t>(entry.profile->quick_actions.size()), allocator);
            item.AddMember("asset_template_count", static_cast<uint64_t>(entry.profile->asset_templates.size()), allocator);
        }
    }
    if (detail == Detail::Full)
        text("text", entry.text);
    return item;
}

void describe(const Catalog& catalog, rapidjson::Value& into, rapidjson::Document::AllocatorType& allocator) {
    rapidjson::Value profiles(rapidjson::kArrayType);
    for (auto& entry : catalog.entries)
        profiles.PushBack(entry_json(entry, Detail::Summary, allocator), allocator);
    into.AddMember("profiles", profiles, allocator);
    rapidjson::Value notes(rapidjson::kArrayType);
    for (auto& note : catalog.notes)
        notes.PushBack(json::string_value(note, allocator), allocator);
    into.AddMember("notes", notes, allocator);
    into.AddMember("profiles_enabled", catalog.all == Switch::On, allocator);
}

Expected<void> approve_in(const Catalog& catalog, const std::string& id, const std::string& expected_sha256, ApprovalStore& approvals,
                          const fs::path& project) {
    const ProfileEntry* entry = catalog.find(id);
    if (!entry)
        return Error("no profile has the id \"" + id + "\" in " + utf8::from_path(project) + " (see `uap-host profiles list --project " +
                     utf8::from_path(project) + "`)");
    if (entry->origin != Origin::Project)
        return Error("profile \"" + id + "\" is " + to_string(entry->origin) + " and trusted already; only project profiles (" +
                     std::string(project_profiles_folder) + "/) need approval");
    if (!entry->profile)
        return Error("profile \"" + id + "\" is not valid, so it cannot be approved: " + entry->problem);
    if (!expected_sha256.empty() && expected_sha256 != entry->sha256)
        return Error("profile \"" + id + "\" changed since it was shown (its SHA-256 is now " + entry->sha256 +
                     "); read it again (`uap-host profiles show " + id + " --project " + utf8::from_path(project) + "`) and approve that");
    return approvals.approve(entry->sha256, entry->id);
}

Expected<void> switch_in(const fs::path& project, const std::string& id, Switch state) {
    std::string note;
    ProfileSwitches switches = ProfileSwitches::load(project, &note);
    if (id == "all")
        switches.all = state;
    else if (!modules::is_valid_identifier(id))
        return Error("\"" + id + "\" is not a profile id (use `all` for the master switch)");
    else
        switches.by_id[id] = state;
    return switches.save(project);
}

ProfileService::ProfileService(Options options) : m_options(std::move(options)), m_approvals(m_options.config_folder) {}

CatalogInputs ProfileService::inputs() const {
    CatalogInputs inputs{m_options.project, m_options.bundled_folder, {}};
    if (m_options.packs)
        inputs.packs = m_options.packs();
    return inputs;
}

TypeAnswers ProfileService::type_answers() const {
    std::lock_guard lock(m_mutex);
    return m_types;
}

Catalog ProfileService::catalog() const { return evaluate(inputs(), m_approvals, type_answers()); }

std::vector<ProfileSection> ProfileService::sections_for_spawn() {
    Catalog current = catalog();
    {
        std::lock_guard lock(m_mutex);
        m_injected = current.active_fingerprint();
        m_injected_ids.clear();
        for (auto* entry : current.active())
            m_injected_ids.push_back(entry->id);
    }
    publish_status(current);
    return sections_of(current);
}

void ProfileService::invalidate_types() {
    std::lock_guard lock(m_mutex);
    m_types_stale = true;
    m_retry_types_at = {};
}

void ProfileService::refresh_types(const Catalog& catalog) {
    TypeAnswers answers;
    bool complete = true;
    for (auto& name : catalog.type_names()) {
        rapidjson::Document params(rapidjson::kObjectType);
        params.AddMember("query", json::string_value(type_query(name), params.GetAllocator()), params.GetAllocator());
        params.AddMember("kind", "any", params.GetAllocator());
        params.AddMember("limit", 1000, params.GetAllocator());
        auto answer = m_options.editor->call("type.find", json::to_text(params), static_cast<uint32_t>(m_options.editor_timeout.count()),
                                             nullptr);
        if (!answer) {
            complete = false;
            answers.unanswered_reason = "the editor did not answer type.find (" + answer.error().message() + ")";
            break;
        }
        auto document = json::parse(*answer);
        if (!document || !document->IsObject() || !document->HasMember("types") || !(*document)["types"].IsArray()) {
            complete = false;
            answers.unanswered_reason = "the editor did not answer type.find (its answer has no \"types\" list)";
            break;
        }
        bool found = false;
        for (auto& type : (*document)["types"].GetArray())
            found = found || type_name_matches(name, FoundType{json::string_field(type, "fullName").value_or(""),
                                                                json::string_field(type, "shortName").value_or("")});
        answers.found[name] = found;
    }
    std::lock_guard lock(m_mutex);
    if (complete) {
        m_types = std::move(answers);
        m_types_stale = false;
    } else {
        m_types.unanswered_reason = answers.unanswered_reason;
        // Answers kept from before stay; a disconnected editor is asked again later, not on every poll.
        m_retry_types_at = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    }
}

bool ProfileService::editor_connected() const {
    auto state = json::parse(m_options.editor->state_json());
    return state && state->IsObject() && json::string_field(*state, "state").value_or("") == "connected";
}

bool ProfileService::poll() {
    CatalogInputs current_inputs = inputs();
    std::string packages = packages_fingerprint(m_options.project);
    bool ask_editor = false;
    {
        std::lock_guard lock(m_mutex);
        if (packages != m_types_packages) {
            m_types_stale = true; // A package added or removed may add or remove types.
            m_types_packages = packages;
            m_retry_types_at = {};
        }
        ask_editor = m_options.editor && m_types_stale && std::chrono::steady_clock::now() >= m_retry_types_at;
    }
    if (ask_editor && !editor_connected()) {
        // A call now would wait for an editor (minutes); the answers are asked for once one is here.
        std::lock_guard lock(m_mutex);
        m_types.unanswered_reason = "no editor is connected";
        ask_editor = false;
    }
    if (ask_editor) {
        Catalog before = evaluate(current_inputs, m_approvals, type_answers());
        refresh_types(before);
    }
    Catalog current = evaluate(current_inputs, m_approvals, type_answers());
    publish_status(current);
    std::lock_guard lock(m_mutex);
    return m_injected && *m_injected != current.active_fingerprint();
}

Expected<void> ProfileService::approve(const std::string& id, const std::string& expected_sha256) {
    return approve_in(catalog(), id, expected_sha256, m_approvals, m_options.project);
}

Expected<void> ProfileService::set_switch(const std::string& id, Switch state) { return switch_in(m_options.project, id, state); }

void ProfileService::publish_status(const Catalog& catalog) {
    if (!m_options.events)
        return;
    rapidjson::Document event(rapidjson::kObjectType);
    auto& allocator = event.GetAllocator();
    event.AddMember("type", "status", allocator);
    rapidjson::Value status(rapidjson::kObjectType);
    rapidjson::Value list(rapidjson::kArrayType);
    std::vector<std::string> injected;
    {
        std::lock_guard lock(m_mutex);
        injected = m_injected_ids;
    }
    for (auto& entry : catalog.entries) {
        rapidjson::Value item(rapidjson::kObjectType);
        item.AddMember("id", json::string_value(entry.id, allocator), allocator);
        item.AddMember("display_name", json::string_value(entry.profile ? entry.profile->display_name : entry.id, allocator), allocator);
        item.AddMember("origin", json::string_value(to_string(entry.origin), allocator), allocator);
        item.AddMember("state", json::string_value(to_string(entry.state), allocator), allocator);
        item.AddMember("in_cli", std::find(injected.begin(), injected.end(), entry.id) != injected.end(), allocator);
        // An active profile's canned prompts, which the chat offers beside the composer.
        if (entry.state == ProfileState::Active && entry.profile && !entry.profile->quick_actions.empty())
            item.AddMember("quick_actions", quick_actions_json(*entry.profile, allocator), allocator);
        list.PushBack(item, allocator);
    }
    status.AddMember("profiles", list, allocator);
    status.AddMember("profiles_enabled", catalog.all == Switch::On, allocator);
    std::string text = json::to_text(status);
    {
        std::lock_guard lock(m_mutex);
        if (text == m_published)
            return;
        m_published = text;
    }
    event.AddMember("status", status, allocator);
    m_options.events->publish(std::move(event));
}

} // namespace uap::profiles
