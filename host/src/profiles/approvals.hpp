// Approvals of project profiles, kept outside every project in the user's config folder
// (owner-only): a per-user secret and, for each approved file, HMAC-SHA256(secret, SHA-256 of its
// bytes). A project cannot ship itself pre-approved, and any byte change needs approval again.
#pragma once

#include "support/expected.hpp"
#include "support/mutex.hpp"

#include <filesystem>
#include <string>

namespace uap::profiles {

// $XDG_CONFIG_HOME/unity-agent-panel (else ~/.config/unity-agent-panel; %APPDATA% on Windows).
std::filesystem::path user_config_folder();

class ApprovalStore {
public:
    explicit ApprovalStore(std::filesystem::path folder = user_config_folder()) : m_folder(std::move(folder)) {}

    // True when the file with this SHA-256 was approved with this user's secret.
    bool approved(const std::string& content_sha256) const;
    // Records the approval (creates the secret on first use). The error names the file and the fix.
    Expected<void> approve(const std::string& content_sha256, const std::string& profile_id);

    std::filesystem::path secret_file() const { return m_folder / "profile-approval.key"; }
    std::filesystem::path approvals_file() const { return m_folder / "profile-approvals.json"; }

    // HMAC-SHA256(secret, hash) as lower-case hex (Poco).
    static std::string token(const std::string& secret, const std::string& content_sha256);

private:
    Expected<std::string> read_secret() const;

    std::filesystem::path m_folder;
    // Serialises the read-check-write of the approvals file and the secret's creation.
    mutable Mutex m_mutex;
};

} // namespace uap::profiles
