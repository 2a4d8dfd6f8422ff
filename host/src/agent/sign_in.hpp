// Whether the agent can work at all: the claude CLI found, a version this host was tested with or
// newer, and a login (`claude auth status`), with the exact command that fixes each gap. Every
// front-end shows it as the first-run card; an expired or rejected login brings the card back.
#pragma once

#include "support/expected.hpp"

#include <rapidjson/document.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace uap::agent {

enum class SignInState {
    Checking,      // The check runs (`claude auth status` takes about a second).
    Ready,         // A CLI and credentials; the API checks the credentials at the first message.
    CliMissing,    // No claude executable was found.
    CliTooOld,     // Older than the oldest version this host was tested with.
    SignedOut,     // The CLI has no credentials in this environment.
    LoginRejected, // The API refused the credentials during a turn (expired login, revoked key).
    CheckFailed,   // The CLI's answer could not be read; the agent may still work.
};
std::string to_string(SignInState state);

// What `claude auth status --json` says (CLI 2.1): the fields a front-end shows.
struct AuthStatus {
    bool logged_in = false;
    std::string auth_method;    // "api_key", "oauth_token", "none", or another the CLI names.
    std::string api_key_source; // E.g. "ANTHROPIC_API_KEY"; empty when none is in use.
    std::string api_provider;   // "firstParty", or a cloud provider.
};

// Reads the CLI's JSON answer; anything but an object with a boolean "loggedIn" is an error.
Expected<AuthStatus> parse_auth_status(std::string_view output);

struct SignInReport {
    SignInState state = SignInState::Checking;
    std::string cli_path;
    std::string cli_version;
    AuthStatus auth;
    std::string detail;      // What was found, in a sentence, or the CLI's own words for a rejection.
    std::string fix_command; // The command that fixes it; empty when nothing needs fixing.
};

// Locates the CLI (cli_path_setting first, as a session does), reads its version and asks it for
// its login with `environment`, the one the session's CLI gets (so the subscription-only switch
// counts). Blocks for up to about 20 s; call it off the session lock.
SignInReport probe_sign_in(const std::string& cli_path_setting, const std::vector<std::string>& environment,
                            const std::filesystem::path& working_directory);

// The report after the API refused the credentials mid-session; `cli_text` is the CLI's message.
SignInReport rejected_login(SignInReport report, const std::string& cli_text);

// {"state", "cli_path", "cli_version", "logged_in", "auth_method", "api_key_source", "api_provider",
//  "detail", "fix_command"}
rapidjson::Value sign_in_json(const SignInReport& report, rapidjson::Document::AllocatorType& allocator);

} // namespace uap::agent
