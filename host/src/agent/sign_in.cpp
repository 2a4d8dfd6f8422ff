// The sign-in check: the CLI's location and version, then its own account of the login, each gap
// turned into a sentence and the command that closes it.
#include "agent/sign_in.hpp"

#include "agent/cli_compatibility.hpp"
#include "agent/cli_locator.hpp"
#include "support/child_process.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

namespace uap::agent {

namespace {

// `claude auth status` prints about 400 bytes; anything far larger is not its answer.
constexpr std::size_t max_status_bytes = 64 * 1024;
constexpr const char* login_command = "claude auth login";

std::string first_word(const std::string& text) { return text.substr(0, text.find(' ')); }

} // namespace

std::string to_string(SignInState state) {
    switch (state) {
    case SignInState::Checking: return "checking";
    case SignInState::Ready: return "ready";
    case SignInState::CliMissing: return "cli_missing";
    case SignInState::CliTooOld: return "cli_too_old";
    case SignInState::SignedOut: return "signed_out";
    case SignInState::LoginRejected: return "login_rejected";
    case SignInState::CheckFailed: return "check_failed";
    }
    return "checking";
}

Expected<AuthStatus> parse_auth_status(std::string_view output) {
    if (output.size() > max_status_bytes)
        return Error("the answer of `claude auth status` is " + std::to_string(output.size()) + " bytes, more than a login status can be");
    auto document = json::parse(output);
    if (!document)
        return document.error().within("the answer of `claude auth status` is not JSON");
    if (!document->IsObject() || !document->HasMember("loggedIn") || !(*document)["loggedIn"].IsBool())
        return Error("the answer of `claude auth status` has no boolean \"loggedIn\"; this CLI may be newer than the host knows");
    AuthStatus status;
    status.logged_in = (*document)["loggedIn"].GetBool();
    status.auth_method = json::string_field(*document, "authMethod").value_or("");
    status.api_key_source = json::string_field(*document, "apiKeySource").value_or("");
    status.api_provider = json::string_field(*document, "apiProvider").value_or("");
    return status;
}

SignInReport probe_sign_in(const std::string& cli_path_setting, const std::vector<std::string>& environment,
                            const std::filesystem::path& working_directory) {
    SignInReport report;
    auto cli = locate_cli(cli_path_setting);
    if (!cli) {
        report.state = SignInState::CliMissing;
        report.detail = cli.error().message();
        report.fix_command = std::string(tested_cli_install_command);
        return report;
    }
    report.cli_path = utf8::from_path(cli->path);
    auto version = probe_cli_version(cli->path);
    if (!version) {
        report.state = SignInState::CheckFailed;
        report.detail = "the claude CLI at " + report.cli_path + " did not tell its version: " + version.error().message();
        report.fix_command = std::string(tested_cli_install_command);
        return report;
    }
    report.cli_version = first_word(*version); // "2.1.332 (Claude Code)"
    if (compare_versions(report.cli_version, oldest_tested_cli_version) < 0) {
        report.state = SignInState::CliTooOld;
        report.detail = "the claude CLI at " + report.cli_path + " is version " + report.cli_version + "; this host needs " +
                        std::string(oldest_tested_cli_version) + " or newer";
        report.fix_command = std::string(tested_cli_install_command);
        return report;
    }
    auto run = run_to_end(LaunchSpec{cli->path, {"auth", "status", "--json"}, working_directory, environment}, std::chrono::seconds(10), max_status_bytes + 1);
    auto status = run ? parse_auth_status(run->output) : Expected<AuthStatus>(run.error());
    if (!status) {
        report.state = SignInState::CheckFailed;
        report.detail = "the login could not be checked: " + status.error().message() + "; the agent may still work";
        report.fix_command = "claude auth status";
        return report;
    }
    report.auth = *status;
    if (!status->logged_in) {
        report.state = SignInState::SignedOut;
        report.detail = "`claude auth status` of " + report.cli_path + " (" + report.cli_version + ") reports no login (auth method: " +
                        (status->auth_method.empty() ? std::string("none") : status->auth_method) + ")";
        report.fix_command = login_command;
        return report;
    }
    report.state = SignInState::Ready;
    return report;
}

SignInReport rejected_login(SignInReport report, const std::string& cli_text) {
    report.state = SignInState::LoginRejected;
    bool key = report.auth.auth_method == "api_key" || !report.auth.api_key_source.empty();
    report.detail = "the API refused the login (" + (cli_text.empty() ? std::string("401") : cli_text) + "). " +
                    (key ? "The API key from " + (report.auth.api_key_source.empty() ? std::string("the environment") : report.auth.api_key_source) +
                               " is not accepted: set a valid key and restart the host, or turn on \"Subscription only\" and sign in"
                         : "Sign in again in a terminal, then check again");
    report.fix_command = login_command;
    return report;
}

rapidjson::Value sign_in_json(const SignInReport& report, rapidjson::Document::AllocatorType& allocator) {
    rapidjson::Value value(rapidjson::kObjectType);
    auto text = [&](const char* name, const std::string& field) {
        value.AddMember(rapidjson::StringRef(name), json::string_value(field, allocator), allocator);
    };
    text("state", to_string(report.state));
    text("cli_path", report.cli_path);
    text("cli_version", report.cli_version);
    value.AddMember("logged_in", report.auth.logged_in, allocator);
    text("auth_method", report.auth.auth_method);
    text("api_key_source", report.auth.api_key_source);
    text("api_provider", report.auth.api_provider);
    text("detail", report.detail);
    text("fix_command", report.fix_command);
    return value;
}

} // namespace uap::agent
