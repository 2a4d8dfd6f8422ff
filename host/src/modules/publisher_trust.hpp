// The publishers whose pack signatures the host trusts: the product's own release key (compiled in
// when the release build sets one), the user's trust file and the project's, which a team commits.
#pragma once

#include "support/expected.hpp"

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uap::modules {

inline constexpr std::size_t public_key_bytes = 32;
using PublicKey = std::array<unsigned char, public_key_bytes>;

// A publisher as a trust file names it: the name shown to users, and the key as text,
// "ed25519:" followed by the key's 32 bytes in base64.
struct Publisher {
    std::string name;
    std::string public_key;
};

// The key text for a key's bytes, and the bytes for a key text (nullopt when it is not a key).
std::string public_key_text(const PublicKey& key);
std::optional<PublicKey> parse_public_key(std::string_view text);

// Base64 (standard alphabet, padded) of bytes, and back: false unless the text is exactly `size`
// bytes in base64.
std::string to_base64(const unsigned char* bytes, std::size_t size);
bool from_base64(std::string_view text, unsigned char* bytes, std::size_t size);

// Whether `name` can be a publisher's name, and why not. Names are shown on one line and are part
// of what is signed, so they are short and printable.
Expected<void> check_publisher_name(std::string_view name);

class PublisherTrust {
public:
    // The release key (if the build has one) plus the publishers of every file that exists; a
    // missing file trusts no one, a malformed one is refused with its path and the fix.
    static Expected<PublisherTrust> read(const std::vector<std::filesystem::path>& files);

    // The trusted publisher with this key text, or null.
    const Publisher* find(std::string_view public_key) const;
    const std::vector<Publisher>& publishers() const { return m_publishers; }

private:
    std::vector<Publisher> m_publishers;
};

// The user's trust file (in the per-user configuration folder) and the project's
// (ProjectSettings/AgentPanel, so a team shares it through version control).
std::filesystem::path user_trust_file();
std::filesystem::path project_trust_file(const std::filesystem::path& project);

// The trust files that apply: the user's, and the project's when there is a project.
std::vector<std::filesystem::path> trust_files(const std::optional<std::filesystem::path>& project);

// The trust file to write for `project` (or the user's), its folders created as real folders: a
// link on the way (planted in a cloned project, say) is refused rather than followed.
Expected<std::filesystem::path> prepare_trust_file(const std::optional<std::filesystem::path>& project);

// Adds (or renames) a publisher in a trust file, creating the file (not its folder) when missing.
Expected<void> trust_publisher(const std::filesystem::path& file, const Publisher& publisher);

} // namespace uap::modules
