// Per-role bearer tokens: generated from the system's CSPRNG at every start, compared in constant
// time, and handed to clients only through owner-only files in the project's per-user folder.
#pragma once

#include "support/expected.hpp"

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace uap::server {

// Who may use a route. A token opens only the routes of its own role.
enum class Role { Mcp, Editor, Panel };
inline constexpr std::array<Role, 3> all_roles = {Role::Mcp, Role::Editor, Role::Panel};
std::string to_string(Role role);


// Constant-time equality (CRYPTO_memcmp); the length difference alone is not secret.
bool tokens_equal(std::string_view expected, std::string_view offered);

// The bearer credential of an Authorization header value, or nullopt when it is not "Bearer <x>".
std::optional<std::string_view> bearer_credential(std::string_view authorization);

class AccessTokens {
public:
    // Fresh random tokens for every role.
    static Expected<AccessTokens> generate();
    // Fixed tokens (tests and the fuzzer).
    AccessTokens(std::string mcp, std::string editor, std::string panel);

    const std::string& token(Role role) const { return m_tokens[static_cast<size_t>(role)]; }
    bool accepts(Role role, std::string_view offered) const { return tokens_equal(token(role), offered); }

    // <project>/UserSettings/AgentPanel/tokens/<role>.token
    static std::filesystem::path file_for(const std::filesystem::path& project, Role role);
    // Writes every role's token file with owner-only permissions.
    Expected<void> write_files(const std::filesystem::path& project) const;
    static Expected<std::string> read_file(const std::filesystem::path& file);

private:
    std::array<std::string, 3> m_tokens;
};

} // namespace uap::server
