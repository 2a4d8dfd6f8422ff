// Checks and converts material values; see material_values.hpp.
#include "material_values.hpp"

#include "asset_paths.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <limits>

namespace uap::materials {

using core::member;
using core::string_member;
using core::text;
using core::to_text;

namespace {

constexpr const char* texture_shapes =
    R"(takes a texture asset path ("Assets/Textures/Brick.png"), null to clear it, or {"texture": path, "tiling": {"x", "y"}, "offset": {"x", "y"}})";

std::string number_text(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", value);
    return buffer;
}

// The value the material holds now (from a material) or the shader's default (a new material).
const rapidjson::Value& current_value(const rapidjson::Value& property) {
    if (const auto* value = member(property, "value"))
        return *value;
    return property["default"];
}

// Names of the shader's properties, for a refusal that says which exist.
std::string property_names(const rapidjson::Value& described) {
    std::string names;
    for (const auto& property : described["properties"].GetArray())
        names += (names.empty() ? "" : ", ") + std::string(property["name"].GetString()) + " (" + property["type"].GetString() + ")";
    return names;
}

// {axes...} numbers merged over current: only the named axes, each a finite number.
std::optional<std::string> merged_axes(const rapidjson::Value& given, const rapidjson::Value& current, std::initializer_list<const char*> axes,
                                       rapidjson::Value& out, Allocator& allocator) {
    if (!given.IsObject())
        return std::string("must be an object of numbers by ") + [&] {
            std::string list;
            for (const char* axis : axes)
                list += (list.empty() ? "" : ", ") + std::string(axis);
            return list;
        }();
    for (const auto& entry : given.GetObject()) {
        bool known = std::any_of(axes.begin(), axes.end(), [&](const char* axis) { return entry.name == axis; });
        if (!known)
            return "has '" + std::string(entry.name.GetString()) + "', which is not one of its axes";
        if (!entry.value.IsNumber() || !std::isfinite(entry.value.GetDouble()))
            return "has a non-number at '" + std::string(entry.name.GetString()) + "'";
    }
    out.SetObject();
    for (const char* axis : axes) {
        const auto* value = member(given, axis);
        if (!value)
            value = current.IsObject() ? member(current, axis) : nullptr;
        out.AddMember(rapidjson::StringRef(axis), value ? value->GetDouble() : 0.0, allocator);
    }
    return std::nullopt;
}

// A texture value for material.set: {texture?, scale?, offset?} from a path, null or {texture, tiling, offset}.
std::optional<std::string> texture_write(const rapidjson::Value& given, const rapidjson::Value& current, rapidjson::Value& out,
                                         Allocator& allocator) {
    out.SetObject();
    auto add_path = [&](const rapidjson::Value& path) -> std::optional<std::string> {
        if (path.IsNull()) {
            out.AddMember("texture", rapidjson::Value(), allocator);
            return std::nullopt;
        }
        if (!path.IsString())
            return std::string(texture_shapes);
        auto checked = core::checked_asset_path({path.GetString(), path.GetStringLength()}, core::AssetRoots::AssetsOrPackages, "texture");
        if (!checked)
            return checked.error().message;
        out.AddMember("texture", text(checked.value(), allocator), allocator);
        return std::nullopt;
    };
    if (!given.IsObject())
        return add_path(given);
    for (const auto& entry : given.GetObject())
        if (entry.name != "texture" && entry.name != "tiling" && entry.name != "offset")
            return "takes texture, tiling and offset, not '" + std::string(entry.name.GetString()) + "'";
    if (const auto* path = member(given, "texture"))
        if (auto problem = add_path(*path))
            return problem;
    const char* pairs[][2] = {{"tiling", "scale"}, {"offset", "offset"}};
    for (const auto& pair : pairs)
        if (const auto* axes = member(given, pair[0])) {
            rapidjson::Value merged;
            const rapidjson::Value* stored = current.IsObject() ? member(current, pair[1]) : nullptr;
            rapidjson::Value none(rapidjson::kObjectType);
            if (auto problem = merged_axes(*axes, stored ? *stored : none, {"x", "y"}, merged, allocator))
                return std::string(pair[0]) + " " + *problem;
            out.AddMember(rapidjson::StringRef(pair[1]), merged, allocator);
        }
    if (out.MemberCount() == 0)
        return std::string("names none of texture, tiling, offset");
    return std::nullopt;
}

// The typed value for one property, or why the given value does not fit it.
std::optional<std::string> property_write(const rapidjson::Value& property, const rapidjson::Value& given, rapidjson::Value& out,
                                          Allocator& allocator) {
    std::string_view type = string_member(property, "type");
    const rapidjson::Value& current = current_value(property);
    if (type == "Color") {
        if (given.IsString()) {
            if (!core::hex_colour({given.GetString(), given.GetStringLength()}, out, allocator))
                return std::string("is a Color: give \"#rrggbb\", \"#rrggbbaa\" or {\"r\",\"g\",\"b\",\"a\"} from 0 to 1");
            return std::nullopt;
        }
        if (auto problem = merged_axes(given, current, {"r", "g", "b", "a"}, out, allocator))
            return "is a Color and the value " + *problem + " (give \"#rrggbb\" or {\"r\",\"g\",\"b\",\"a\"})";
        return std::nullopt;
    }
    if (type == "Vector") {
        if (auto problem = merged_axes(given, current, {"x", "y", "z", "w"}, out, allocator))
            return "is a Vector and the value " + *problem + " (give {\"x\",\"y\",\"z\",\"w\"}; missing axes keep their value)";
        return std::nullopt;
    }
    if (type == "Float" || type == "Range") {
        if (!given.IsNumber() || !std::isfinite(given.GetDouble()))
            return "is a " + std::string(type) + " and takes a number";
        double value = given.GetDouble();
        if (type == "Range") {
            double min = property["range"]["min"].GetDouble();
            double max = property["range"]["max"].GetDouble();
            if (value < min || value > max)
                return "is a Range from " + number_text(min) + " to " + number_text(max) + ", and " + number_text(value) +
                       " is outside it; give a value from " + number_text(min) + " to " + number_text(max);
        }
        out.SetDouble(value);
        return std::nullopt;
    }
    if (type == "Int") {
        if (!given.IsInt())
            return std::string("is an Int and takes a whole number from -2147483648 to 2147483647");
        out.SetInt(given.GetInt());
        return std::nullopt;
    }
    if (type == "Texture") {
        if (auto problem = texture_write(given, current, out, allocator))
            return "is a Texture and the value " + *problem;
        return std::nullopt;
    }
    return "has the type " + std::string(type) + ", which this tool cannot write";
}

bool nearly_equal(double written, double stored) {
    // Unity stores material values as 32-bit floats.
    return std::fabs(written - stored) <= 1e-5 * std::max(1.0, std::fabs(written));
}

bool same_value(const rapidjson::Value& written, const rapidjson::Value& stored) {
    if (written.IsNumber())
        return stored.IsNumber() && nearly_equal(written.GetDouble(), stored.GetDouble());
    if (written.IsString())
        return stored.IsString() && std::string_view(written.GetString()) == stored.GetString();
    if (written.IsNull())
        return stored.IsNull();
    if (written.IsObject()) {
        if (!stored.IsObject())
            return false;
        for (const auto& entry : written.GetObject()) {
            const auto* counterpart = member(stored, entry.name.GetString());
            if (!counterpart || !same_value(entry.value, *counterpart))
                return false;
        }
        return true;
    }
    return written == stored;
}

bool keyword_enabled(const rapidjson::Value& read_back, std::string_view keyword) {
    for (const auto& enabled : read_back["material"]["enabledKeywords"].GetArray())
        if (keyword == enabled.GetString())
            return true;
    return false;
}

std::string declared_keywords(const rapidjson::Value& read_back) {
    std::string list;
    for (const auto& keyword : read_back["keywords"].GetArray())
        list += (list.empty() ? "" : ", ") + std::string(keyword.GetString());
    return list.empty() ? "none" : list;
}

} // namespace

const rapidjson::Value* described_property(const rapidjson::Value& described, std::string_view name) {
    for (const auto& property : described["properties"].GetArray())
        if (name == property["name"].GetString())
            return &property;
    return nullptr;
}

std::optional<std::string> plan_writes(std::string_view tool, const rapidjson::Value& arguments, const rapidjson::Value& described,
                                       rapidjson::Document& params) {
    auto& allocator = params.GetAllocator();
    const std::string refused = std::string(tool) + " refused: ";
    const std::string shader = described["shader"]["name"].GetString();
    if (const auto* values = member(arguments, "values")) {
        if (values->MemberCount() > max_values)
            return refused + "values names " + std::to_string(values->MemberCount()) + " properties, more than the " +
                   std::to_string(max_values) + " one call takes; split it into several calls. Nothing was written.";
        rapidjson::Value writes(rapidjson::kArrayType);
        for (const auto& entry : values->GetObject()) {
            std::string name = entry.name.GetString();
            const rapidjson::Value* property = described_property(described, name);
            if (!property)
                return refused + "shader '" + shader + "' has no property '" + name + "'. Its properties: " + property_names(described) +
                       ". Nothing was written.";
            rapidjson::Value value;
            if (auto problem = property_write(*property, entry.value, value, allocator))
                return refused + "values." + name + " " + *problem + ". Nothing was written.";
            rapidjson::Value write(rapidjson::kObjectType);
            write.AddMember("name", text(name, allocator), allocator);
            write.AddMember("type", rapidjson::Value((*property)["type"], allocator), allocator);
            write.AddMember("value", value, allocator);
            writes.PushBack(write, allocator);
        }
        if (!writes.Empty())
            params.AddMember("values", writes, allocator);
    }
    if (const auto* keywords = member(arguments, "keywords")) {
        if (keywords->MemberCount() > max_keywords)
            return refused + "keywords names " + std::to_string(keywords->MemberCount()) + " keywords, more than the " +
                   std::to_string(max_keywords) + " one call takes. Nothing was written.";
        rapidjson::Value switches(rapidjson::kArrayType);
        for (const auto& entry : keywords->GetObject()) {
            std::string_view name(entry.name.GetString(), entry.name.GetStringLength());
            if (name.empty() || name.size() > 256 || name.find_first_of(" \t\r\n") != std::string_view::npos)
                return refused + "keyword names are 1 to 256 characters without spaces (for example \"_EMISSION\"). Nothing was written.";
            if (!entry.value.IsBool())
                return refused + "keywords." + std::string(name) + " takes true (enable) or false (disable). Nothing was written.";
            rapidjson::Value item(rapidjson::kObjectType);
            item.AddMember("name", text(name, allocator), allocator);
            item.AddMember("enabled", entry.value.GetBool(), allocator);
            switches.PushBack(item, allocator);
        }
        if (!switches.Empty())
            params.AddMember("keywords", switches, allocator);
    }
    if (const auto* queue = member(arguments, "renderQueue"))
        params.AddMember("renderQueue", queue->GetInt(), allocator);
    return std::nullopt;
}

std::vector<std::string> writes_not_kept(const rapidjson::Value& params, const rapidjson::Value& read_back) {
    std::vector<std::string> lost;
    if (const auto* values = member(params, "values"))
        for (const auto& write : values->GetArray()) {
            const rapidjson::Value* property = described_property(read_back, write["name"].GetString());
            if (!property || !member(*property, "value")) {
                lost.push_back("property " + std::string(write["name"].GetString()) + " is no longer on the material's shader");
                continue;
            }
            if (!same_value(write["value"], (*property)["value"]))
                lost.push_back("property " + std::string(write["name"].GetString()) + " was written " + to_text(write["value"]) +
                               " but holds " + to_text((*property)["value"]));
        }
    if (const auto* keywords = member(params, "keywords"))
        for (const auto& item : keywords->GetArray()) {
            bool wanted = item["enabled"].GetBool();
            if (keyword_enabled(read_back, item["name"].GetString()) != wanted)
                lost.push_back("keyword " + std::string(item["name"].GetString()) + " is still " + (wanted ? "off" : "on") +
                               " (shader '" + read_back["shader"]["name"].GetString() + "' declares: " + declared_keywords(read_back) +
                               "; a keyword it does not declare cannot be enabled)");
        }
    if (const auto* queue = member(params, "renderQueue")) {
        int wanted = queue->GetInt() == -1 ? read_back["shader"]["renderQueue"].GetInt() : queue->GetInt();
        int stored = read_back["material"]["renderQueue"].GetInt();
        if (stored != wanted)
            lost.push_back("renderQueue was written " + std::to_string(queue->GetInt()) + " but the material's queue is " + std::to_string(stored));
    }
    return lost;
}

rapidjson::Value observed_writes(const rapidjson::Value& params, const rapidjson::Value& read_back, Allocator& allocator) {
    rapidjson::Value observed(rapidjson::kObjectType);
    rapidjson::Value values(rapidjson::kArrayType);
    if (const auto* written = member(params, "values"))
        for (const auto& write : written->GetArray()) {
            const rapidjson::Value* property = described_property(read_back, write["name"].GetString());
            rapidjson::Value entry(rapidjson::kObjectType);
            entry.AddMember("name", rapidjson::Value(write["name"], allocator), allocator);
            entry.AddMember("type", rapidjson::Value(write["type"], allocator), allocator);
            entry.AddMember("value", rapidjson::Value((*property)["value"], allocator), allocator);
            values.PushBack(entry, allocator);
        }
    observed.AddMember("values", values, allocator);
    observed.AddMember("enabledKeywords", rapidjson::Value(read_back["material"]["enabledKeywords"], allocator), allocator);
    observed.AddMember("renderQueue", read_back["material"]["renderQueue"].GetInt(), allocator);
    return observed;
}

} // namespace uap::materials
