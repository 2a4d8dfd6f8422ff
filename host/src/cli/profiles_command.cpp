// uap-host profiles list | show | validate | approve | enable | disable
#include "cli/action_command.hpp"
#include "cli/cli_text.hpp"
#include "cli/commands.hpp"
#include "cli/host_setup.hpp"
#include "modules/package_folders.hpp"
#include "profiles/profile_service.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

#include <algorithm>
#include <iostream>

namespace uap::cli {

namespace fs = std::filesystem;

namespace {

const Option& json_option() {
    static const Option option{"json", Takes::Nothing, "", cli_text("common.json_help")};
    return option;
}

const std::vector<Action>& actions() {
    static const std::vector<Action> all = {
        {"list",
         {{"uap-host profiles list [--json] [--project DIR] [--plugins DIR]..."},
          cli_text("profiles.list_summary"),
          {json_option(), project_option(), plugins_option()},
          ""}},
        {"show",
         {{"uap-host profiles show ID [--json] [--project DIR] [--plugins DIR]..."},
          cli_text("profiles.show_summary"),
          {json_option(), project_option(), plugins_option()},
          ""}},
        {"validate",
         {{"uap-host profiles validate FILE..."},
          cli_text("profiles.validate_summary"),
          {},
          ""}},
        {"approve",
         {{"uap-host profiles approve ID --project DIR [--sha256 HASH]"},
          cli_text("profiles.approve_summary"),
          {project_option(), {"sha256", Takes::Value, "HASH", cli_text("profiles.sha256_help")}},
          ""}},
        {"enable",
         {{"uap-host profiles enable ID|all --project DIR"},
          cli_text("profiles.enable_summary"),
          {project_option()},
          ""}},
        {"disable",
         {{"uap-host profiles disable ID|all --project DIR"},
          cli_text("profiles.disable_summary"),
          {project_option()},
          ""}},
    };
    return all;
}

const Command& profiles_group() {
    static const Command command = action_group(cli_text("profiles.summary"), actions());
    return command;
}

// The profiles folders of the packs enabled for the project (the ones a host would load).
std::vector<profiles::PackProfiles> enabled_pack_profiles(const Arguments& arguments, const settings::ProjectSettings& settings) {
    std::vector<profiles::PackProfiles> packs;
    std::vector<std::string> seen;
    for (auto& candidate : modules::find_pack_candidates(plugin_folders(arguments, settings))) {
        auto manifest = modules::read_manifest(candidate.folder);
        if (!manifest || std::find(seen.begin(), seen.end(), manifest->id) != seen.end())
            continue;
        seen.push_back(manifest->id); // The first folder of an id wins, as when the host loads packs.
        if (!manifest->profiles.empty() && settings.toggle(manifest->toggle) == settings::Toggle::Enabled)
            packs.push_back({manifest->id, manifest->profiles});
    }
    // The Profiles~ folders of the project's packages (the Pro package's profiles), named after the package.
    for (auto& folder : modules::find_package_folders(settings.project()).profile_folders)
        packs.push_back({folder.source, folder.path});
    return packs;
}

Expected<profiles::Catalog> catalog_for(const Arguments& arguments, const profiles::ApprovalStore& approvals) {
    auto settings = load_settings(arguments);
    if (!settings)
        return settings.error();
    profiles::CatalogInputs inputs;
    if (auto project = arguments.value("project"))
        inputs.project = fs::absolute(utf8::to_path(*project));
    inputs.bundled_folder = profiles::bundled_profiles_folder();
    inputs.packs = enabled_pack_profiles(arguments, **settings);
    profiles::TypeAnswers types;
    types.unanswered_reason = "only a running host asks the editor (see the panel)";
    return profiles::evaluate(inputs, approvals, types);
}

void print_entry_line(const profiles::ProfileEntry& entry) {
    std::cout << entry.id << "  " << to_string(entry.state) << "  (" << to_string(entry.origin)
              << (entry.pack_id.empty() ? "" : " " + entry.pack_id) << ": " << utf8::from_path(entry.file) << ")\n";
    if (!entry.problem.empty())
        std::cout << "    problem: " << entry.problem << "\n";
    if (entry.profile) {
        std::cout << "    " << (entry.detected ? "detected: " : "not detected: ") << entry.detection << "\n";
        std::cout << "    " << (entry.trusted ? "trusted" : "pending approval") << (entry.switched_on ? "" : ", switched off") << "\n";
    }
    for (auto& warning : entry.warnings)
        std::cout << "    warning: " << warning << "\n";
}

int list(const Arguments& arguments) {
    profiles::ApprovalStore approvals;
    auto catalog = catalog_for(arguments, approvals);
    if (!catalog)
        return fail(Failure, catalog.error().message());
    if (arguments.has("json")) {
        rapidjson::Document document(rapidjson::kObjectType);
        profiles::describe(*catalog, document, document.GetAllocator());
        std::cout << json::to_pretty_text(document) << "\n";
        return Success;
    }
    if (catalog->entries.empty())
        std::cout << "no extension profiles found\n";
    if (catalog->all == profiles::Switch::Off)
        std::cout << "every profile is switched off for this project (`uap-host profiles enable all --project DIR` turns them on)\n";
    for (auto& entry : catalog->entries)
        print_entry_line(entry);
    for (auto& note : catalog->notes)
        std::cout << "note: " << note << "\n";
    return Success;
}

int show(const Arguments& arguments) {
    if (arguments.positional().size() != 2)
        return fail(UsageError, cli_text("profiles.show_needs_id"));
    profiles::ApprovalStore approvals;
    auto catalog = catalog_for(arguments, approvals);
    if (!catalog)
        return fail(Failure, catalog.error().message());
    const profiles::ProfileEntry* entry = catalog->find(arguments.positional()[1]);
    if (!entry)
        return fail(Failure, cli_text("profiles.no_profile",
                                      {{"id", arguments.positional()[1]},
                                       {"command", "uap-host profiles list" + (arguments.value("project") ? " --project " + *arguments.value("project")
                                                                                                           : std::string())}}));
    if (arguments.has("json")) {
        rapidjson::Document document(rapidjson::kObjectType);
        document.AddMember("profile", profiles::entry_json(*entry, profiles::Detail::Full, document.GetAllocator()), document.GetAllocator());
        std::cout << json::to_pretty_text(document) << "\n";
        return Success;
    }
    print_entry_line(*entry);
    std::cout << "sha256: " << entry->sha256 << "\n--- " << utf8::from_path(entry->file) << "\n" << entry->text;
    if (!entry->text.empty() && entry->text.back() != '\n')
        std::cout << "\n";
    std::cout << "---\n";
    return Success;
}

int validate(const Arguments& arguments) {
    if (arguments.positional().size() < 2)
        return fail(UsageError, cli_text("profiles.validate_needs_file"));
    int failures = 0;
    for (size_t index = 1; index < arguments.positional().size(); ++index) {
        const std::string& file = arguments.positional()[index];
        auto parsed = profiles::read_profile(utf8::to_path(file));
        if (!parsed) {
            std::cout << file << ": invalid: " << parsed.error().message() << "\n";
            ++failures;
            continue;
        }
        for (auto& warning : parsed->warnings)
            std::cout << file << ": warning: " << warning << "\n";
        if (parsed->profile.sources.empty()) {
            std::cout << file << ": invalid: it names no sources; add \"sources\": [\"https://...\"] with the documentation its lines come from\n";
            ++failures;
            continue;
        }
        std::cout << file << ": ok (" << parsed->profile.id << ", " << parsed->profile.instruction_lines.size() << " lines, "
                  << parsed->profile.sources.size() << " sources)\n";
    }
    return failures == 0 ? Success : Failure;
}

int approve(const Arguments& arguments) {
    if (arguments.positional().size() != 2)
        return fail(UsageError, cli_text("profiles.approve_needs_id"));
    if (!arguments.value("project"))
        return fail(UsageError, cli_text("profiles.approve_needs_project"));
    profiles::ApprovalStore approvals;
    auto catalog = catalog_for(arguments, approvals);
    if (!catalog)
        return fail(Failure, catalog.error().message());
    const std::string& id = arguments.positional()[1];
    if (auto approved = profiles::approve_in(*catalog, id, arguments.value("sha256").value_or(""), approvals, fs::absolute(utf8::to_path(*arguments.value("project"))));
        !approved)
        return fail(Failure, cli_text("profiles.not_approved", {{"error", approved.error().message()}}));
    std::cout << "approved profile \"" << id << "\" (SHA-256 " << catalog->find(id)->sha256 << ") in " << utf8::from_path(approvals.approvals_file())
              << "; a running host gives it to the agent from its next turn\n";
    return Success;
}

int switch_profile(const Arguments& arguments, profiles::Switch state) {
    const char* verb = state == profiles::Switch::On ? "enable" : "disable";
    if (arguments.positional().size() != 2)
        return fail(UsageError, cli_text("profiles.switch_needs_id", {{"action", verb}}));
    if (!arguments.value("project"))
        return fail(UsageError, cli_text("profiles.switch_needs_project"));
    fs::path project = fs::absolute(utf8::to_path(*arguments.value("project")));
    if (auto saved = profiles::switch_in(project, arguments.positional()[1], state); !saved)
        return fail(Failure, saved.error().message());
    std::cout << "profile switch \"" << arguments.positional()[1] << "\" " << (state == profiles::Switch::On ? "on" : "off") << " in "
              << utf8::from_path(profiles::ProfileSwitches::file_for(project)) << "\n";
    return Success;
}

} // namespace

int run_profiles_command(const std::vector<std::string>& words) {
    return run_action(words, "profiles", profiles_group(), actions(), [](const Action& action, const Arguments& arguments) {
        if (action.name == "list")
            return list(arguments);
        if (action.name == "show")
            return show(arguments);
        if (action.name == "validate")
            return validate(arguments);
        if (action.name == "approve")
            return approve(arguments);
        return switch_profile(arguments, action.name == "enable" ? profiles::Switch::On : profiles::Switch::Off);
    });
}

} // namespace uap::cli
