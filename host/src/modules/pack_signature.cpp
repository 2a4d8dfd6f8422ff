// Checking and writing a pack's signature file. What is signed is a short text built from the
// folder as it is on disk: a format line, the publisher's name, then "<sha256> <path>" for every
// file but the signature file, sorted by path. A file added, changed or removed changes the text.
#include "modules/pack_signature.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/utf8_path.hpp"

#include <uap/sdk/file_jail.hpp>

#include <sodium.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <vector>

namespace uap::modules {

namespace fs = std::filesystem;

namespace {

constexpr const char* signature_format = "uap-pack-signature-1";
constexpr uint64_t signature_file_max_bytes = 4 * 1024 * 1024;
constexpr std::size_t pack_max_files = 10'000;
constexpr std::size_t signature_bytes = crypto_sign_BYTES;

using FileHashes = std::map<std::string, std::string>; // Path with '/' separators → SHA-256 in hex.

std::string hex(const unsigned char* bytes, std::size_t size) {
    std::string text(size * 2 + 1, '\0');
    sodium_bin2hex(text.data(), text.size(), bytes, size);
    text.pop_back();
    return text;
}

Expected<std::string> file_sha256(const fs::path& file) {
    std::ifstream input(file, std::ios::binary);
    if (!input)
        return Error("cannot open " + utf8::from_path(file));
    crypto_hash_sha256_state state;
    crypto_hash_sha256_init(&state);
    std::vector<char> buffer(64 * 1024);
    while (input) {
        input.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char*>(buffer.data()), static_cast<unsigned long long>(input.gcount()));
    }
    if (!input.eof())
        return Error("cannot read " + utf8::from_path(file));
    std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
    crypto_hash_sha256_final(&state, digest.data());
    return hex(digest.data(), digest.size());
}

// Every file of the pack but its signature file, hashed. Links are refused: what a link points at
// is not part of the pack, and installing copies real files only.
Expected<FileHashes> hash_pack_files(const fs::path& folder) {
    auto jail = sdk::FileJail::open(folder);
    if (!jail)
        return Error(jail.error().message);
    auto entries = jail->list(".", pack_max_files);
    if (!entries)
        return Error(entries.error().message);
    FileHashes hashes;
    for (auto& entry : entries.value()) {
        if (entry.kind == sdk::EntryKind::Link)
            return Error("the pack holds a symbolic link, " + entry.relative + ", and a signed pack is made of real files only");
        if (entry.kind != sdk::EntryKind::File || entry.relative == signature_file_name)
            continue;
        // One line per file is signed: a name holding a line break could pass for two entries.
        if (std::any_of(entry.relative.begin(), entry.relative.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
            return Error("the pack holds a file whose name has a line break or another control character, which a signed pack "
                         "may not have: rename it");
        auto hash = file_sha256(jail->host_path(entry.relative));
        if (!hash)
            return hash.error();
        hashes[entry.relative] = *hash;
    }
    return hashes;
}

std::string signed_text(const std::string& publisher, const FileHashes& hashes) {
    std::string text = std::string(signature_format) + "\npublisher " + publisher + "\n";
    for (auto& [path, hash] : hashes) {
        text += hash;
        text += ' ';
        text += path;
        text += '\n';
    }
    return text;
}

// What differs between the files the signature lists and those on disk, in words.
std::string differences(const FileHashes& listed, const FileHashes& found) {
    std::vector<std::string> notes;
    for (auto& [path, hash] : found)
        if (auto it = listed.find(path); it == listed.end())
            notes.push_back(path + " was added");
        else if (it->second != hash)
            notes.push_back(path + " was changed");
    for (auto& [path, hash] : listed)
        if (!found.count(path))
            notes.push_back(path + " is missing");
    if (notes.empty())
        return "the signature does not match the files it lists (the signature file was edited, or made with another key)";
    std::string text;
    for (std::size_t i = 0; i < notes.size() && i < 3; ++i)
        text += (i ? "; " : "") + notes[i];
    if (notes.size() > 3)
        text += "; and " + std::to_string(notes.size() - 3) + " more";
    return text + " since it was signed";
}

struct SignatureFile {
    std::string publisher;
    std::string public_key;
    FileHashes files;
    std::array<unsigned char, signature_bytes> signature{};
};

Expected<SignatureFile> read_signature_file(const fs::path& file) {
    auto text = files::read(file, signature_file_max_bytes, files::Links::Refuse);
    if (!text)
        return Error("cannot read " + std::string(signature_file_name) + ": " + text.error().message());
    auto document = json::parse(*text);
    if (!document || !document->IsObject())
        return Error(std::string(signature_file_name) + " is not a JSON object");
    SignatureFile parsed;
    auto format = json::string_field(*document, "format");
    auto publisher = json::string_field(*document, "publisher");
    auto key = json::string_field(*document, "publicKey");
    auto signature = json::string_field(*document, "signature");
    if (!format || *format != signature_format)
        return Error(std::string(signature_file_name) + " is not of the format " + signature_format + " (a newer host may read it)");
    if (!publisher || !check_publisher_name(*publisher) || !key || !parse_public_key(*key) || !signature ||
        !document->HasMember("files") || !(*document)["files"].IsObject())
        return Error(std::string(signature_file_name) + " lacks a valid publisher, publicKey, files or signature");
    if (!from_base64(*signature, parsed.signature.data(), parsed.signature.size()))
        return Error(std::string(signature_file_name) + "'s signature is not 64 bytes in base64");
    for (auto& member : (*document)["files"].GetObject()) {
        if (!member.value.IsString())
            return Error(std::string(signature_file_name) + " lists a file whose hash is not text");
        parsed.files[member.name.GetString()] = member.value.GetString();
    }
    parsed.publisher = *publisher;
    parsed.public_key = *key;
    return parsed;
}

SignatureCheck broken(std::string detail, std::string publisher = {}, std::string key = {}) {
    return {SignatureState::Broken, std::move(publisher), std::move(key), std::move(detail)};
}

} // namespace

std::string to_string(SignatureState state) {
    switch (state) {
    case SignatureState::Unsigned: return "unsigned";
    case SignatureState::Trusted: return "trusted";
    case SignatureState::Untrusted: return "untrusted";
    case SignatureState::Broken: return "broken";
    }
    return "unknown";
}

SignatureCheck check_pack_signature(const fs::path& folder, const PublisherTrust& trust) {
    std::error_code error;
    auto status = fs::symlink_status(folder / signature_file_name, error);
    if (status.type() == fs::file_type::not_found)
        return {};
    if (sodium_init() < 0)
        return broken("the signature could not be checked: libsodium did not start");
    auto signature = read_signature_file(folder / signature_file_name);
    if (!signature)
        return broken(signature.error().message());
    auto found = hash_pack_files(folder);
    if (!found)
        return broken(found.error().message(), signature->publisher, signature->public_key);
    std::string text = signed_text(signature->publisher, *found);
    PublicKey key = *parse_public_key(signature->public_key);
    if (crypto_sign_verify_detached(signature->signature.data(), reinterpret_cast<const unsigned char*>(text.data()), text.size(), key.data()) != 0)
        return broken(differences(signature->files, *found), signature->publisher, signature->public_key);
    if (auto* known = trust.find(signature->public_key))
        return {SignatureState::Trusted, known->name, signature->public_key, {}};
    return {SignatureState::Untrusted, signature->publisher, signature->public_key, {}};
}

Expected<std::size_t> SigningKey::sign_pack(const fs::path& folder) const {
    if (sodium_init() < 0)
        return Error("libsodium did not start");
    auto hashes = hash_pack_files(folder);
    if (!hashes)
        return Error("cannot sign " + utf8::from_path(folder) + ": " + hashes.error().message());
    std::string text = signed_text(m_publisher.name, *hashes);
    std::array<unsigned char, signature_bytes> signature{};
    crypto_sign_detached(signature.data(), nullptr, reinterpret_cast<const unsigned char*>(text.data()), text.size(), m_secret.data());
    std::string encoded = to_base64(signature.data(), signature.size());

    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    document.AddMember("format", rapidjson::StringRef(signature_format), allocator);
    document.AddMember("publisher", json::string_value(m_publisher.name, allocator), allocator);
    document.AddMember("publicKey", json::string_value(m_publisher.public_key, allocator), allocator);
    rapidjson::Value listed(rapidjson::kObjectType);
    for (auto& [path, hash] : *hashes)
        listed.AddMember(json::string_value(path, allocator), json::string_value(hash, allocator), allocator);
    document.AddMember("files", listed, allocator);
    document.AddMember("signature", json::string_value(encoded, allocator), allocator);
    if (auto written = files::write_atomically(folder / signature_file_name, json::to_pretty_text(document) + "\n", files::Visibility::Default);
        !written)
        return written.error();
    return hashes->size();
}

} // namespace uap::modules
