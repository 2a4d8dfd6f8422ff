// Query terms, the Japanese glossary and the scoring of uap_tool_search; see tool_search.hpp.
#include "mcp/tool_search.hpp"

#include <algorithm>
#include <iterator>
#include <utility>

namespace uap::mcp {

namespace {

// Japanese words a Unity user types for an area, with the English words the tools' names and
// descriptions use. Tools are described in English, so this is what lets a Japanese request find them.
constexpr std::pair<std::string_view, std::string_view> glossary[] = {
    {"プレハブ", "prefab"}, {"アニメーション", "animation clip"}, {"アニメーター", "animator"}, {"アニメ", "animation"},
    {"キーフレーム", "keyframe"}, {"キー", "keyframe"}, {"クリップ", "clip"}, {"マテリアル", "material"}, {"シェーダー", "shader"},
    {"シェーダ", "shader"}, {"テクスチャ", "texture"}, {"ライティング", "lighting light"}, {"ライトマップ", "lightmap bake"},
    {"ライト", "light"}, {"照明", "light lighting"}, {"ベイク", "bake"}, {"影", "shadow"}, {"シャドウ", "shadow"},
    {"カメラ", "camera"}, {"シーン", "scene"}, {"ゲームオブジェクト", "object"}, {"オブジェクト", "object"},
    {"コンポーネント", "component"}, {"プロパティ", "property"}, {"位置", "position transform"}, {"回転", "rotation transform"},
    {"拡大", "scale"}, {"スケール", "scale"}, {"移動", "move position"}, {"作成", "create"}, {"作る", "create"}, {"追加", "add"},
    {"削除", "delete remove"}, {"消す", "delete remove"}, {"複製", "duplicate"}, {"名前", "name rename"}, {"親", "parent reparent"},
    {"階層", "hierarchy"}, {"ヒエラルキー", "hierarchy"}, {"検索", "search find"}, {"探す", "search find"}, {"アセット", "asset"},
    {"フォルダ", "folder"}, {"保存", "save"}, {"開く", "open"}, {"スクリーンショット", "screenshot"}, {"スクショ", "screenshot"},
    {"撮影", "screenshot capture"}, {"画面", "screenshot view"}, {"コンソール", "console"}, {"ログ", "log console"},
    {"エラー", "error console"}, {"再生", "play"}, {"停止", "stop"}, {"一時停止", "pause"}, {"プレイモード", "play mode"},
    {"メニュー", "menu"}, {"選択", "select selection"}, {"マーカー", "marker"}, {"目印", "marker"}, {"印", "marker"},
    {"ピン", "pin marker"}, {"矢印", "arrow marker"}, {"スケッチ", "stroke sketch"}, {"線", "stroke line"}, {"色", "color colour"},
    {"サウンド", "audio sound"}, {"オーディオ", "audio"}, {"音", "audio sound"}, {"地形", "terrain"}, {"テレイン", "terrain"},
    {"ナビメッシュ", "navmesh"}, {"物理", "physics"}, {"コライダー", "collider"}, {"パーティクル", "particle"},
    {"エフェクト", "effect particle"}, {"ボタン", "button ui"}, {"スクリプト", "script"}, {"翻訳", "localization"},
    {"ローカライズ", "localization"}, {"会話", "dialogue"}, {"台詞", "dialogue line"}, {"スポーン", "spawn"}, {"敵", "enemy spawn"},
    {"解像度", "resolution size"}, {"ウィンドウ", "window"}, {"上書き", "override"}, {"適用", "apply"}, {"元に戻す", "revert"},
    {"反射", "reflection"}, {"プローブ", "probe"}, {"スカイボックス", "skybox"}, {"フォグ", "fog"}, {"霧", "fog"},
    {"環境", "environment"}, {"ボーン", "bone"}, {"遷移", "transition"}, {"パラメータ", "parameter"}, {"変更", "set change"},
};

constexpr std::string_view stop_words[] = {"the", "a", "an", "to", "of", "and", "in", "on", "for", "with",
                                                      "is", "it", "my", "this", "that", "me", "please", "i"};

std::string lower_ascii(std::string_view text) {
    std::string lowered(text);
    for (char& character : lowered)
        if (character >= 'A' && character <= 'Z')
            character = static_cast<char>(character - 'A' + 'a');
    return lowered;
}

// "materials" → "material", "properties" → "property", "boxes" → "box"; short words and "-ss" stay.
std::string folded(std::string word) {
    auto ends_with = [&](std::string_view tail) { return word.size() > tail.size() + 2 && word.compare(word.size() - tail.size(), tail.size(), tail) == 0; };
    if (ends_with("ies"))
        return word.substr(0, word.size() - 3) + "y";
    if (ends_with("xes") || ends_with("ches") || ends_with("shes"))
        return word.substr(0, word.size() - 2);
    if (ends_with("s") && !ends_with("ss"))
        return word.substr(0, word.size() - 1);
    return word;
}

void add_words(std::string_view text, std::vector<std::string>& terms) {
    std::string word;
    auto flush = [&] {
        if (word.size() >= 2 && std::find(std::begin(stop_words), std::end(stop_words), word) == std::end(stop_words) &&
            std::find(terms.begin(), terms.end(), folded(word)) == terms.end())
            terms.push_back(folded(word));
        word.clear();
    };
    for (char character : lower_ascii(text)) {
        bool ascii_word = (character >= 'a' && character <= 'z') || (character >= '0' && character <= '9');
        if (ascii_word)
            word += character;
        else
            flush();
    }
    flush();
}

bool non_ascii(std::string_view text) {
    return std::any_of(text.begin(), text.end(), [](char character) { return static_cast<unsigned char>(character) >= 0x80; });
}

bool contains(std::string_view text, std::string_view part) { return !part.empty() && text.find(part) != std::string_view::npos; }

// Name words ("uap_marker_add" → marker, add) match whole or as a prefix ("anim" in "animation").
int name_score(std::string_view name, std::string_view term) {
    int best = 0;
    size_t start = 0;
    while (start <= name.size()) {
        size_t end = std::min(name.find('_', start), name.size());
        std::string_view word = name.substr(start, end - start);
        if (word == term || folded(std::string(word)) == term)
            return 6;
        if (term.size() >= 3 && (word.rfind(term, 0) == 0 || (word.size() >= 4 && term.rfind(word, 0) == 0)))
            best = 4;
        start = end + 1;
    }
    return best;
}

// The pieces of a Japanese query between particles and punctuation ("プレハブのオーバーライドを適用" →
// プレハブ, オーバーライド, 適用), each at least two characters: Japanese has no spaces to split on.
std::vector<std::string> japanese_pieces(std::string_view query) {
    constexpr std::string_view separators[] = {"を", "に", "で", "が", "は", "の", "と", "へ", "も", "、", "。", "・", "　", "？", "！"};
    std::vector<std::string> pieces;
    std::string piece;
    auto flush = [&] {
        auto characters = std::count_if(piece.begin(), piece.end(), [](char byte) { return (static_cast<unsigned char>(byte) & 0xC0) != 0x80; });
        if (characters >= 2 && non_ascii(piece))
            pieces.push_back(piece);
        piece.clear();
    };
    for (size_t at = 0; at < query.size();) {
        auto separator = std::find_if(std::begin(separators), std::end(separators),
                                      [&](std::string_view candidate) { return query.substr(at, candidate.size()) == candidate; });
        if (separator != std::end(separators)) {
            flush();
            at += separator->size();
        } else if (query[at] == ' ' || query[at] == ',' || query[at] == '.') {
            flush();
            ++at;
        } else {
            piece += query[at++];
        }
    }
    flush();
    return pieces;
}

// Pieces of a Japanese query found in the tool's own Japanese description.
int japanese_description_score(const CatalogueEntry& entry, std::string_view query) {
    if (query.empty() || entry.tool->japanese_description.empty())
        return 0;
    int score = 0;
    for (const std::string& piece : japanese_pieces(query))
        if (contains(entry.tool->japanese_description, piece))
            score += 2;
    return score;
}

int area_score(const CatalogueEntry& entry, std::string_view term, std::string_view query) {
    if (contains(lower_ascii(entry.module_id), term) || contains(lower_ascii(entry.module_name), term))
        return 3;
    for (const std::string& keyword : entry.keywords) {
        std::string lowered = lower_ascii(keyword);
        if (lowered == term || (non_ascii(keyword) && contains(query, keyword)))
            return 3;
    }
    return 0;
}

} // namespace

std::vector<std::string> query_terms(std::string_view query) {
    std::vector<std::string> terms;
    add_words(query, terms);
    for (auto& [japanese, english] : glossary)
        if (contains(query, japanese))
            add_words(english, terms);
    // Japanese runs themselves stay whole, so packs whose keywords are Japanese match them.
    if (non_ascii(query))
        terms.emplace_back(query);
    return terms;
}

bool in_area(const CatalogueEntry& entry, std::string_view area) {
    std::string wanted = lower_ascii(area);
    if (lower_ascii(entry.module_id) == wanted || lower_ascii(entry.module_name) == wanted)
        return true;
    // "editor" names uap.editor: the last part of an id is how users say it.
    if (auto dot = entry.module_id.rfind('.'); dot != std::string::npos && lower_ascii(entry.module_id.substr(dot + 1)) == wanted)
        return true;
    return std::any_of(entry.keywords.begin(), entry.keywords.end(), [&](const std::string& keyword) { return lower_ascii(keyword) == wanted; });
}

int match_score(const CatalogueEntry& entry, const std::vector<std::string>& terms) {
    std::string description = lower_ascii(entry.tool->description);
    std::string whole_query = terms.empty() || !non_ascii(terms.back()) ? std::string() : terms.back();
    int score = 0;
    for (const std::string& term : terms) {
        bool japanese_run = non_ascii(term);
        int best = japanese_run ? 0 : name_score(entry.tool->name, term);
        best = std::max(best, area_score(entry, term, whole_query));
        if (best == 0 && !japanese_run && term.size() >= 3 && contains(description, term))
            best = 1;
        score += best;
    }
    return score + japanese_description_score(entry, whole_query);
}

std::vector<const CatalogueEntry*> rank_tools(const std::vector<CatalogueEntry>& catalogue, const std::vector<std::string>& terms,
                                              std::string_view area) {
    std::vector<std::pair<int, const CatalogueEntry*>> scored;
    for (const CatalogueEntry& entry : catalogue) {
        if (!area.empty() && !in_area(entry, area))
            continue;
        int score = terms.empty() ? 1 : match_score(entry, terms);
        if (score > 0)
            scored.emplace_back(score, &entry);
    }
    std::stable_sort(scored.begin(), scored.end(), [](const auto& left, const auto& right) {
        return left.first != right.first ? left.first > right.first : left.second->tool->name < right.second->tool->name;
    });
    std::vector<const CatalogueEntry*> ranked;
    for (auto& [score, entry] : scored)
        ranked.push_back(entry);
    return ranked;
}

} // namespace uap::mcp
