// The running host's profiles: evaluates the catalog at every CLI spawn (the text appended to the
// system prompt), caches the editor's answers for type names (refreshed after a domain reload and
// when the project's packages change), and tells the host when the active set differs from what
// the running CLI was given, so it can restart the CLI with --resume between turns.
#pragma once

#include "api/editor_link.hpp"
#include "api/event_sink.hpp"
#include "profiles/catalog.hpp"

#include <rapidjson/document.h>

#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace uap::profiles {

// Entries as JSON for `profiles list --json` and the panel. With Detail::Full: the lines, sources
// and the file's text too.
enum class Detail { Summary, Full };
rapidjson::Value entry_json(const ProfileEntry& entry, Detail detail, rapidjson::Document::AllocatorType& allocator);
void describe(const Catalog& catalog, rapidjson::Value& into, rapidjson::Document::AllocatorType& allocator);

// Approves the project profile `id` of the catalog; expected_sha256 (when not empty) must be the
// hash of the bytes the user read. The error says why not and what to do.
Expected<void> approve_in(const Catalog& catalog, const std::string& id, const std::string& expected_sha256, ApprovalStore& approvals,
                          const std::filesystem::path& project);
// Sets one profile's switch (id), or the master switch (id "all").
Expected<void> switch_in(const std::filesystem::path& project, const std::string& id, Switch state);

class ProfileService {
public:
    struct Options {
        std::filesystem::path project;
        std::filesystem::path bundled_folder = bundled_profiles_folder();
        std::function<std::vector<PackProfiles>()> packs; // Loaded, enabled packs; may be empty.
        api::EditorLink* editor = nullptr;                 // Answers type names (type.find).
        api::EventSink* events = nullptr;                  // Receives "status" events with "profiles".
        std::filesystem::path config_folder = user_config_folder();
        std::chrono::milliseconds editor_timeout{3000};
    };
    explicit ProfileService(Options options);

    Catalog catalog() const;
    // The sections for a spawn; records what the CLI was given. Called under the agent session's lock.
    std::vector<ProfileSection> sections_for_spawn();
    // Refreshes type answers when they are stale (may call the editor). True when the active set
    // differs from what the running CLI was given (a restart with --resume is due).
    bool poll();
    // After a domain reload or a new editor connection: type names are asked again.
    void invalidate_types();

    Expected<void> approve(const std::string& id, const std::string& expected_sha256);
    Expected<void> set_switch(const std::string& id, Switch state);

    ApprovalStore& approvals() { return m_approvals; }
    const std::filesystem::path& project() const { return m_options.project; }

private:
    CatalogInputs inputs() const;
    TypeAnswers type_answers() const;
    void refresh_types(const Catalog& catalog);
    bool editor_connected() const;
    void publish_status(const Catalog& catalog);

    Options m_options;
    ApprovalStore m_approvals;
    mutable std::mutex m_mutex;
    TypeAnswers m_types;
    bool m_types_stale = true;
    std::string m_types_packages; // The packages fingerprint the type answers were taken at.
    std::chrono::steady_clock::time_point m_retry_types_at{};
    std::optional<std::string> m_injected;   // The active fingerprint the running CLI was given.
    std::vector<std::string> m_injected_ids;
    std::string m_published;                 // The status last published.
};

} // namespace uap::profiles
