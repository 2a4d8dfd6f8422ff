// The asset.find read-back; see asset_lookup.hpp.
#include "asset_lookup.hpp"

namespace uap::core {

AssetListing asset_listing(EditorSession& session, std::string_view path) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& allocator = params.GetAllocator();
    params.AddMember("filter", "", allocator);
    rapidjson::Value folders(rapidjson::kArrayType);
    folders.PushBack(text(path.substr(0, path.rfind('/')), allocator), allocator);
    params.AddMember("folders", folders, allocator);
    params.AddMember("limit", 5000, allocator);
    EditorReply listed = session.call("asset.find", params);
    if (!listed.ok())
        return AssetListing::LookupFailed;
    for (const auto& asset : listed.result["assets"].GetArray())
        if (string_member(asset, "path") == path)
            return AssetListing::Listed;
    return AssetListing::NotListed;
}

} // namespace uap::core
