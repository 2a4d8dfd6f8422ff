// A publisher's signing key on disk: {"publisher", "publicKey", "secretKey"} in an owner-only file,
// made by `uap-host modules keygen`. The secret is never printed or logged.
#include "modules/pack_signature.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <sodium.h>

namespace uap::modules {

namespace fs = std::filesystem;

namespace {
constexpr uint64_t key_file_max_bytes = 4 * 1024;
} // namespace

Expected<Publisher> SigningKey::create(const fs::path& file, const std::string& publisher) {
    UAP_TRY(check_publisher_name(publisher));
    std::error_code error;
    if (fs::exists(fs::symlink_status(file, error)))
        return Error(utf8::from_path(file) + " exists; a signing key is never overwritten (packs signed with it would no longer be "
                     "verifiable by anyone who trusts it). Choose another file, or remove this one yourself if you mean to");
    if (sodium_init() < 0)
        return Error("libsodium did not start");
    PublicKey public_key{};
    SigningKey key;
    crypto_sign_keypair(public_key.data(), key.m_secret.data());
    key.m_publisher = {publisher, public_key_text(public_key)};

    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    document.AddMember("publisher", json::string_value(publisher, allocator), allocator);
    document.AddMember("publicKey", json::string_value(key.m_publisher.public_key, allocator), allocator);
    std::string secret = to_base64(key.m_secret.data(), key.m_secret.size());
    document.AddMember("secretKey", json::string_value(secret, allocator), allocator);
    std::string text = json::to_pretty_text(document) + "\n";
    sodium_memzero(secret.data(), secret.size());
    auto written = files::write_atomically(file, text, files::Visibility::OwnerOnly);
    sodium_memzero(text.data(), text.size());
    if (!written)
        return written.error();
    return key.m_publisher;
}

Expected<SigningKey> SigningKey::read(const fs::path& file) {
    if (platform::readable_by_others(file))
        return Error("the signing key " + utf8::from_path(file) + " may be read by other users (or is missing); a signing key must be "
                     "readable by its owner only: restrict it (POSIX: `chmod 600 " + platform::shell_word(utf8::from_path(file)) +
                     "`; Windows: `icacls " + platform::shell_word(utf8::from_path(file)) + " /inheritance:r /grant:r %USERNAME%:F`)");
    auto text = files::read(file, key_file_max_bytes, files::Links::Refuse);
    if (!text)
        return Error("cannot read the signing key: " + text.error().message());
    auto document = json::parse(*text);
    sodium_memzero(text->data(), text->size());
    auto bad = Error(utf8::from_path(file) + " is not a signing key written by `uap-host modules keygen`");
    if (!document || !document->IsObject())
        return bad;
    auto publisher = json::string_field(*document, "publisher");
    auto public_key = json::string_field(*document, "publicKey");
    auto secret = json::string_field(*document, "secretKey");
    if (!publisher || !check_publisher_name(*publisher) || !public_key || !parse_public_key(*public_key) || !secret)
        return bad;
    SigningKey key;
    bool decoded = from_base64(*secret, key.m_secret.data(), key.m_secret.size());
    sodium_memzero(secret->data(), secret->size());
    PublicKey derived{};
    if (!decoded || sodium_init() < 0 || crypto_sign_ed25519_sk_to_pk(derived.data(), key.m_secret.data()) != 0 ||
        public_key_text(derived) != *public_key)
        return bad;
    key.m_publisher = {*publisher, *public_key};
    return key;
}

SigningKey::SigningKey(SigningKey&& other) noexcept : m_publisher(std::move(other.m_publisher)), m_secret(other.m_secret) {
    sodium_memzero(other.m_secret.data(), other.m_secret.size());
}

SigningKey::~SigningKey() { sodium_memzero(m_secret.data(), m_secret.size()); }

} // namespace uap::modules
