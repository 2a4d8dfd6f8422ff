// A third-party pack for the catalogue tests: 30 level-design tools (terrain, navigation, spawners,
// audio, dialogue, localization, props) as a vendor would ship them, isolated like any installed
// pack. Calls only report the arguments they observed.
#include "catalogue_pack.hpp"

#include <uap/pack_identity.hpp>

namespace uap::catalogue_test {

namespace {

constexpr std::string_view path_only = R"({"type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false})";
constexpr std::string_view nothing = R"({"type":"object","properties":{},"additionalProperties":false})";

constexpr ToolRow rows[] = {
    {"levelkit_terrain_create", "Creates a terrain of a size and heightmap resolution at a position.",
     R"({"type":"object","properties":{"name":{"type":"string"},"size":{"type":"array","items":{"type":"number"}},"resolution":{"type":"integer"}},"required":["name"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_terrain_raise", "Raises or lowers the terrain height with a round brush at a world point.",
     R"({"type":"object","properties":{"terrain":{"type":"string"},"x":{"type":"number"},"z":{"type":"number"},"radius":{"type":"number"},"amount":{"type":"number"}},"required":["terrain","x","z","amount"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_terrain_smooth", "Smooths the terrain height inside a radius.",
     R"({"type":"object","properties":{"terrain":{"type":"string"},"x":{"type":"number"},"z":{"type":"number"},"radius":{"type":"number"}},"required":["terrain","x","z"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_terrain_paint_texture", "Paints a terrain layer (texture) with a brush at a world point.",
     R"({"type":"object","properties":{"terrain":{"type":"string"},"layer":{"type":"string"},"x":{"type":"number"},"z":{"type":"number"},"radius":{"type":"number"}},"required":["terrain","layer","x","z"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_terrain_place_trees", "Scatters tree prototypes over an area of the terrain with a density.",
     R"({"type":"object","properties":{"terrain":{"type":"string"},"prototype":{"type":"string"},"density":{"type":"number"}},"required":["terrain","prototype"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_terrain_height_get", "Reads the terrain height at world points.",
     R"({"type":"object","properties":{"terrain":{"type":"string"},"points":{"type":"array"}},"required":["terrain","points"],"additionalProperties":false})", Kind::Reads},
    {"levelkit_navmesh_bake", "Bakes the navigation mesh of the open scenes; long-running.", nothing, Kind::LongRunning},
    {"levelkit_navmesh_agent_add", "Adds a NavMeshAgent to an object with speed, radius and stopping distance.",
     R"({"type":"object","properties":{"path":{"type":"string"},"speed":{"type":"number"},"radius":{"type":"number"}},"required":["path"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_navmesh_path_check", "Checks whether a walkable path exists between two points and returns its corners.",
     R"({"type":"object","properties":{"from":{"type":"array"},"to":{"type":"array"}},"required":["from","to"],"additionalProperties":false})", Kind::Reads},
    {"levelkit_navmesh_area_set", "Sets the navigation area (walkable, not walkable, jump, water) of an object.",
     R"({"type":"object","properties":{"path":{"type":"string"},"area":{"type":"string"}},"required":["path","area"],"additionalProperties":false})", Kind::UndoableWrite,
     "オブジェクトのナビゲーションエリア（歩行可能、歩行不可、ジャンプ、水）を設定する。"},
    {"levelkit_spawner_add", "Adds an enemy spawner: prefab, count, interval and radius at a position.",
     R"({"type":"object","properties":{"prefab":{"type":"string"},"count":{"type":"integer"},"interval":{"type":"number"},"position":{"type":"array"}},"required":["prefab"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_spawner_wave_set", "Sets a spawner's waves: enemies per wave, delay between waves.",
     R"({"type":"object","properties":{"path":{"type":"string"},"waves":{"type":"array","items":{"type":"object"}}},"required":["path","waves"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_spawner_list", "Lists the spawners in the open scenes with their prefab and waves.", nothing, Kind::Reads},
    {"levelkit_spawn_point_add", "Adds a player spawn point with a team and facing direction.",
     R"({"type":"object","properties":{"position":{"type":"array"},"team":{"type":"string"}},"required":["position"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_spawner_remove", "Removes a spawner and its spawn points.", path_only, Kind::UndoableWrite},
    {"levelkit_audio_source_add", "Adds an AudioSource with a clip, volume, loop and 3D distance to an object.",
     R"({"type":"object","properties":{"path":{"type":"string"},"clip":{"type":"string"},"volume":{"type":"number"},"loop":{"type":"boolean"}},"required":["path","clip"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_audio_zone_add", "Adds an ambience zone (box) that fades a sound in while the player is inside.",
     R"({"type":"object","properties":{"clip":{"type":"string"},"center":{"type":"array"},"size":{"type":"array"}},"required":["clip"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_audio_mixer_volume_set", "Sets an audio mixer group's volume in dB.",
     R"({"type":"object","properties":{"mixer":{"type":"string"},"group":{"type":"string"},"volumeDb":{"type":"number"}},"required":["mixer","group","volumeDb"],"additionalProperties":false})", Kind::Write},
    {"levelkit_audio_clip_find", "Finds audio clips by name, length and tag.",
     R"({"type":"object","properties":{"query":{"type":"string"}},"required":["query"],"additionalProperties":false})", Kind::Reads},
    {"levelkit_dialogue_create", "Creates a dialogue asset for a character.",
     R"({"type":"object","properties":{"assetPath":{"type":"string"},"character":{"type":"string"}},"required":["assetPath"],"additionalProperties":false})", Kind::Write},
    {"levelkit_dialogue_line_add", "Adds a line of dialogue (speaker, text, choices) to a dialogue asset.",
     R"({"type":"object","properties":{"assetPath":{"type":"string"},"speaker":{"type":"string"},"text":{"type":"string"},"choices":{"type":"array","items":{"type":"string"}}},"required":["assetPath","speaker","text"],"additionalProperties":false})", Kind::Write},
    {"levelkit_dialogue_list", "Lists dialogue assets and their line counts.", nothing, Kind::Reads},
    {"levelkit_dialogue_delete", "Deletes a dialogue asset; cannot be undone.",
     R"({"type":"object","properties":{"assetPath":{"type":"string"},"confirm":{"type":"boolean"}},"required":["assetPath","confirm"],"additionalProperties":false})", Kind::Destructive},
    {"levelkit_localization_string_set", "Sets a localized string of a table for a locale (en, ja, ...).",
     R"({"type":"object","properties":{"table":{"type":"string"},"key":{"type":"string"},"locale":{"type":"string"},"text":{"type":"string"}},"required":["table","key","locale","text"],"additionalProperties":false})", Kind::Write},
    {"levelkit_localization_table_list", "Lists the localization tables, their locales and missing keys.", nothing, Kind::Reads},
    {"levelkit_localization_export", "Exports a localization table to CSV for translators.",
     R"({"type":"object","properties":{"table":{"type":"string"},"outputPath":{"type":"string"}},"required":["table","outputPath"],"additionalProperties":false})", Kind::Write},
    {"levelkit_grid_snap", "Snaps objects' positions to the level grid (cell size, axes).",
     R"({"type":"object","properties":{"paths":{"type":"array","items":{"type":"string"}},"cell":{"type":"number"}},"required":["paths"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_prop_scatter", "Scatters prop prefabs over surfaces in an area with random rotation and scale.",
     R"({"type":"object","properties":{"prefabs":{"type":"array","items":{"type":"string"}},"center":{"type":"array"},"radius":{"type":"number"},"count":{"type":"integer"}},"required":["prefabs"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_prop_replace", "Replaces objects with instances of another prefab, keeping their transforms.",
     R"({"type":"object","properties":{"paths":{"type":"array","items":{"type":"string"}},"prefab":{"type":"string"}},"required":["paths","prefab"],"additionalProperties":false})", Kind::UndoableWrite},
    {"levelkit_level_validate", "Checks the level for missing references, unreachable spawn points and props below the terrain.", nothing, Kind::Reads},
};

} // namespace

} // namespace uap::catalogue_test

UAP_CATALOGUE_MODULE(LevelkitModule, rows)
