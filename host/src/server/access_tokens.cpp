// Token generation, comparison and owner-only token files.
#include "server/access_tokens.hpp"

#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/random.hpp"
#include "support/utf8_path.hpp"

#include <Poco/DigestEngine.h>

#include <vector>

namespace uap::server {

namespace {
constexpr size_t token_bytes = 32;
constexpr uint64_t token_file_max_bytes = 4096;
} // namespace

std::string to_string(Role role) {
    switch (role) {
    case Role::Mcp: return "mcp";
    case Role::Editor: return "editor";
    case Role::Panel: return "panel";
    }
    return "unknown";
}

bool tokens_equal(std::string_view expected, std::string_view offered) {
    if (expected.empty() || expected.size() != offered.size())
        return false;
    return random::equal_in_constant_time(expected, offered);
}

std::optional<std::string_view> bearer_credential(std::string_view authorization) {
    constexpr std::string_view scheme = "bearer ";
    if (authorization.size() <= scheme.size())
        return std::nullopt;
    for (size_t index = 0; index < scheme.size(); ++index)
        if (static_cast<char>(std::tolower(static_cast<unsigned char>(authorization[index]))) != scheme[index])
            return std::nullopt;
    std::string_view credential = authorization.substr(scheme.size());
    while (!credential.empty() && credential.front() == ' ')
        credential.remove_prefix(1);
    while (!credential.empty() && (credential.back() == ' ' || credential.back() == '\t'))
        credential.remove_suffix(1);
    if (credential.empty())
        return std::nullopt;
    return credential;
}

AccessTokens::AccessTokens(std::string mcp, std::string editor, std::string panel)
    : m_tokens{std::move(mcp), std::move(editor), std::move(panel)} {}

Expected<AccessTokens> AccessTokens::generate() {
    std::array<std::string, 3> tokens;
    for (Role role : all_roles) {
        auto token = random::hex(token_bytes);
        if (!token)
            return token.error();
        tokens[static_cast<size_t>(role)] = std::move(*token);
    }
    return AccessTokens(std::move(tokens[0]), std::move(tokens[1]), std::move(tokens[2]));
}

std::filesystem::path AccessTokens::file_for(const std::filesystem::path& project, Role role) {
    return paths::project_state_folder(project) / "tokens" / (to_string(role) + ".token");
}

Expected<void> AccessTokens::write_files(const std::filesystem::path& project) const {
    // The folder is restricted to its owner too, through the jail (never through a link).
    if (auto folder = files::ensure_real_folders(paths::project_state_folder(project), "tokens", files::Visibility::OwnerOnly); !folder)
        return folder.error();
    for (Role role : all_roles) {
        auto written = files::write_atomically(file_for(project, role), token(role) + "\n", files::Visibility::OwnerOnly);
        if (!written)
            return written.error();
    }
    return {};
}

Expected<std::string> AccessTokens::read_file(const std::filesystem::path& file) {
    auto text = files::read(file, token_file_max_bytes, files::Links::Refuse);
    if (!text)
        return text.error();
    std::string token = std::move(*text);
    while (!token.empty() && (token.back() == '\n' || token.back() == '\r' || token.back() == ' '))
        token.pop_back();
    if (token.empty())
        return Error("token file " + utf8::from_path(file) + " is empty");
    return token;
}

} // namespace uap::server
