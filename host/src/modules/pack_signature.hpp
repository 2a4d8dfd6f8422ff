// Signed packs: a detached ed25519 signature over every file of a pack folder (the signature file
// lists each file's SHA-256), made with a publisher's key and checked against the trusted publishers.
#pragma once

#include "modules/publisher_trust.hpp"
#include "support/expected.hpp"

#include <array>
#include <filesystem>
#include <string>

namespace uap::modules {

inline constexpr const char* signature_file_name = "uap-signature.json";

enum class SignatureState {
    Unsigned,  // No signature file.
    Trusted,   // Every file matches, signed by a trusted publisher.
    Untrusted, // Every file matches, but the key is in no trust file.
    Broken,    // A file was added, changed or removed after signing, or the signature file is damaged.
};
std::string to_string(SignatureState state); // "unsigned", "trusted", "untrusted", "broken"

struct SignatureCheck {
    SignatureState state = SignatureState::Unsigned;
    std::string publisher;  // Trusted: the trust file's name for the key; otherwise the name the pack claims.
    std::string public_key; // Empty when unsigned.
    std::string detail;     // Broken: what does not match, in words.
};

// Reads the pack's signature file, hashes every other file of the folder and checks the
// signature. Never throws; a folder that cannot be read is Broken with the reason.
SignatureCheck check_pack_signature(const std::filesystem::path& folder, const PublisherTrust& trust);

// A publisher's signing key. The secret half stays in memory only as long as the object and is
// wiped when it goes.
class SigningKey {
public:
    // Creates a key pair in a new owner-only file (refuses to overwrite one); returns the publisher
    // with the public key text to hand to those who should trust it.
    static Expected<Publisher> create(const std::filesystem::path& file, const std::string& publisher);
    static Expected<SigningKey> read(const std::filesystem::path& file);

    SigningKey(const SigningKey&) = delete;
    SigningKey& operator=(const SigningKey&) = delete;
    SigningKey(SigningKey&& other) noexcept;
    SigningKey& operator=(SigningKey&&) = delete;
    ~SigningKey();

    const Publisher& publisher() const { return m_publisher; }

    // Writes the pack's signature file over every other file in `folder`; returns how many files
    // it signed. A link in the pack is refused (an installed pack holds real files only).
    Expected<std::size_t> sign_pack(const std::filesystem::path& folder) const;

private:
    SigningKey() = default;
    Publisher m_publisher;
    std::array<unsigned char, 64> m_secret{};
};

} // namespace uap::modules
