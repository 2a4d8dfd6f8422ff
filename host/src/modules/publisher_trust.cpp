// Trust files: {"publishers": [{"name": "...", "publicKey": "ed25519:..."}]}, read strictly and
// written with the JSON writer; key texts are encoded with libsodium's base64.
#include "modules/publisher_trust.hpp"

#include "support/files.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"
#include "support/utf8_path.hpp"

#include <sodium.h>

#include <algorithm>

#ifndef UAP_RELEASE_PUBLISHER_KEY
#define UAP_RELEASE_PUBLISHER_KEY ""
#endif

namespace uap::modules {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view key_prefix = "ed25519:";
constexpr const char* trust_file_name = "trusted-publishers.json";
const fs::path project_trust_folder = fs::path("ProjectSettings") / "AgentPanel";
constexpr uint64_t trust_file_max_bytes = 256 * 1024;
constexpr std::size_t publisher_name_max_bytes = 100;
// The product's own publisher, whose key a release build compiles in (docs/module-abi.md, "Signed packs").
constexpr const char* release_publisher = "Agent Panel for Unity";

std::string trust_fix(const fs::path& file) {
    return "fix or delete " + utf8::from_path(file) + " (a JSON object whose \"publishers\" array holds a \"name\" and a "
           "\"publicKey\" per publisher, as docs/module-abi.md shows), or add a publisher with `uap-host modules trust KEY --publisher NAME`";
}

Expected<std::vector<Publisher>> read_trust_file(const fs::path& file) {
    std::error_code error;
    if (!fs::exists(file, error))
        return std::vector<Publisher>{};
    // A trust file is a real file: a link planted in a cloned project could point anywhere.
    auto text = files::read(file, trust_file_max_bytes, files::Links::Refuse);
    if (!text)
        return Error("cannot read the trust file: " + text.error().message() + "; " + trust_fix(file));
    auto document = json::parse(*text);
    if (!document || !document->IsObject() || !document->HasMember("publishers") || !(*document)["publishers"].IsArray())
        return Error("the trust file " + utf8::from_path(file) + " is not a JSON object with a \"publishers\" array; " + trust_fix(file));
    std::vector<Publisher> publishers;
    for (auto& entry : (*document)["publishers"].GetArray()) {
        auto name = entry.IsObject() ? json::string_field(entry, "name") : std::nullopt;
        auto key = entry.IsObject() ? json::string_field(entry, "publicKey") : std::nullopt;
        if (!name || !key || !check_publisher_name(*name) || !parse_public_key(*key))
            return Error("the trust file " + utf8::from_path(file) + " has an entry without a valid \"name\" and \"publicKey\" "
                         "(\"ed25519:\" and 32 bytes in base64); " + trust_fix(file));
        publishers.push_back({*name, *key});
    }
    return publishers;
}

} // namespace

std::string to_base64(const unsigned char* bytes, std::size_t size) {
    std::string encoded(sodium_base64_ENCODED_LEN(size, sodium_base64_VARIANT_ORIGINAL), '\0');
    sodium_bin2base64(encoded.data(), encoded.size(), bytes, size, sodium_base64_VARIANT_ORIGINAL);
    encoded.resize(encoded.find('\0'));
    return encoded;
}

bool from_base64(std::string_view text, unsigned char* bytes, std::size_t size) {
    std::size_t length = 0;
    const char* end = nullptr;
    return sodium_base642bin(bytes, size, text.data(), text.size(), nullptr, &length, &end, sodium_base64_VARIANT_ORIGINAL) == 0 &&
           length == size && end == text.data() + text.size();
}

std::string public_key_text(const PublicKey& key) { return std::string(key_prefix) + to_base64(key.data(), key.size()); }

std::optional<PublicKey> parse_public_key(std::string_view text) {
    if (text.substr(0, key_prefix.size()) != key_prefix)
        return std::nullopt;
    PublicKey key{};
    if (!from_base64(text.substr(key_prefix.size()), key.data(), key.size()))
        return std::nullopt;
    return key;
}

Expected<void> check_publisher_name(std::string_view name) {
    if (name.empty() || name.size() > publisher_name_max_bytes)
        return Error(ErrorCode::InvalidArgument, "a publisher's name must be 1 to " + std::to_string(publisher_name_max_bytes) + " bytes long");
    if (std::any_of(name.begin(), name.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
        return Error(ErrorCode::InvalidArgument, "a publisher's name may not hold line breaks or other control characters");
    return {};
}

Expected<PublisherTrust> PublisherTrust::read(const std::vector<fs::path>& files) {
    PublisherTrust trust;
    if (std::string_view release_key = UAP_RELEASE_PUBLISHER_KEY; parse_public_key(release_key))
        trust.m_publishers.push_back({release_publisher, std::string(release_key)});
    for (auto& file : files) {
        auto publishers = read_trust_file(file);
        if (!publishers)
            return publishers.error();
        for (auto& publisher : *publishers)
            if (!trust.find(publisher.public_key))
                trust.m_publishers.push_back(std::move(publisher));
    }
    return trust;
}

const Publisher* PublisherTrust::find(std::string_view public_key) const {
    auto found = std::find_if(m_publishers.begin(), m_publishers.end(), [&](const Publisher& publisher) { return publisher.public_key == public_key; });
    return found == m_publishers.end() ? nullptr : &*found;
}

fs::path user_trust_file() { return platform::user_config_folder("unity-agent-panel") / trust_file_name; }

fs::path project_trust_file(const fs::path& project) { return project / project_trust_folder / trust_file_name; }

Expected<fs::path> prepare_trust_file(const std::optional<fs::path>& project) {
    auto folder = project ? files::ensure_real_folders(*project, project_trust_folder)
                          : files::ensure_real_folders(user_trust_file().parent_path().parent_path(), "unity-agent-panel");
    if (!folder)
        return folder.error();
    return *folder / trust_file_name;
}

std::vector<fs::path> trust_files(const std::optional<fs::path>& project) {
    std::vector<fs::path> files{user_trust_file()};
    if (project)
        files.push_back(project_trust_file(*project));
    return files;
}

Expected<void> trust_publisher(const fs::path& file, const Publisher& publisher) {
    UAP_TRY(check_publisher_name(publisher.name));
    if (!parse_public_key(publisher.public_key))
        return Error("\"" + publisher.public_key + "\" is not a publisher key: it is \"ed25519:\" and 32 bytes in base64, as "
                     "`uap-host modules keygen` prints it");
    auto publishers = read_trust_file(file);
    if (!publishers)
        return publishers.error();
    auto same_key = std::find_if(publishers->begin(), publishers->end(), [&](const Publisher& entry) { return entry.public_key == publisher.public_key; });
    if (same_key != publishers->end())
        same_key->name = publisher.name;
    else
        publishers->push_back(publisher);
    rapidjson::Document document(rapidjson::kObjectType);
    auto& allocator = document.GetAllocator();
    rapidjson::Value list(rapidjson::kArrayType);
    for (auto& entry : *publishers) {
        rapidjson::Value item(rapidjson::kObjectType);
        item.AddMember("name", json::string_value(entry.name, allocator), allocator);
        item.AddMember("publicKey", json::string_value(entry.public_key, allocator), allocator);
        list.PushBack(item, allocator);
    }
    document.AddMember("publishers", list, allocator);
    return files::write_atomically(file, json::to_pretty_text(document) + "\n", files::Visibility::Default);
}

} // namespace uap::modules
