// ApprovalStore: the per-user secret and the approvals file, both owner-only.
#include "profiles/approvals.hpp"

#include "profiles/sha256.hpp"
#include "support/files.hpp"
#include "support/json.hpp"
#include "support/platform/platform.hpp"
#include "support/random.hpp"
#include "support/utf8_path.hpp"

#include <Poco/HMACEngine.h>

namespace uap::profiles {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t max_approvals_bytes = 4 * 1024 * 1024;

// Group or others may read the file: a secret that others can read proves nothing.
bool readable_by_others(const fs::path& file) { return !platform::is_owner_only(file); }

} // namespace

fs::path user_config_folder() { return platform::user_config_folder("unity-agent-panel"); }

std::string ApprovalStore::token(const std::string& secret, const std::string& content_sha256) {
    Poco::HMACEngine<Sha256Engine> engine(secret);
    engine.update(content_sha256);
    return Poco::DigestEngine::digestToHex(engine.digest());
}

Expected<std::string> ApprovalStore::read_secret() const {
    auto secret = files::read(secret_file(), 4096, files::Links::Refuse);
    if (!secret)
        return secret.error();
    if (readable_by_others(secret_file()))
        return Error(utf8::from_path(secret_file()) + " can be read by other users, so approvals made with it are not trusted; run `chmod 600 " +
                     utf8::from_path(secret_file()) + "` and approve the profiles again");
    if (secret->size() < 32)
        return Error(utf8::from_path(secret_file()) + " is too short to be a secret; delete it and approve the profiles again");
    return secret;
}

bool ApprovalStore::approved(const std::string& content_sha256) const {
    MutexLock lock(m_mutex);
    auto secret = read_secret();
    if (!secret)
        return false;
    auto text = files::read(approvals_file(), max_approvals_bytes, files::Links::Refuse);
    if (!text)
        return false;
    auto document = json::parse(*text);
    if (!document || !document->IsObject() || !document->HasMember("approved") || !(*document)["approved"].IsArray())
        return false;
    std::string wanted = token(*secret, content_sha256);
    for (auto& entry : (*document)["approved"].GetArray())
        if (json::string_field(entry, "token").value_or("") == wanted)
            return true;
    return false;
}

Expected<void> ApprovalStore::approve(const std::string& content_sha256, const std::string& profile_id) {
    MutexLock lock(m_mutex);
    std::error_code error;
    if (auto made = files::ensure_real_folders(m_folder.parent_path(), m_folder.filename(), files::Visibility::OwnerOnly); !made)
        return made.error();
    auto secret = read_secret();
    if (!secret) {
        if (fs::exists(secret_file(), error))
            return secret.error();
        auto fresh = random::hex(32);
        if (!fresh)
            return fresh.error();
        if (auto written = files::write_atomically(secret_file(), *fresh, files::Visibility::OwnerOnly); !written)
            return written.error();
        secret = std::move(*fresh);
    }
    rapidjson::Document document(rapidjson::kObjectType);
    if (auto text = files::read(approvals_file(), max_approvals_bytes, files::Links::Refuse)) {
        auto parsed = json::parse(*text);
        if (parsed && parsed->IsObject() && parsed->HasMember("approved") && (*parsed)["approved"].IsArray())
            document = std::move(*parsed);
    }
    auto& allocator = document.GetAllocator();
    if (!document.HasMember("approved"))
        document.AddMember("approved", rapidjson::Value(rapidjson::kArrayType), allocator);
    std::string new_token = token(*secret, content_sha256);
    for (auto& entry : document["approved"].GetArray())
        if (json::string_field(entry, "token").value_or("") == new_token)
            return {};
    rapidjson::Value entry(rapidjson::kObjectType);
    entry.AddMember("token", json::string_value(new_token, allocator), allocator);
    entry.AddMember("profile", json::string_value(profile_id, allocator), allocator); // For a reader; never trusted.
    document["approved"].PushBack(entry, allocator);
    return files::write_atomically(approvals_file(), json::to_pretty_text(document), files::Visibility::OwnerOnly);
}

} // namespace uap::profiles
