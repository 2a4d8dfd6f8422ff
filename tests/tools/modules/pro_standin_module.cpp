// A STAND-IN for the Pro packs, which do not exist yet: 25 tools with the names, descriptions and
// schemas a prefab, animation, material, lighting and editor-window pack would have, so the tool-list
// budget and the discovery tools are measured against a realistic catalogue. Calls only report
// the arguments they observed.
#include "catalogue_pack.hpp"

#include <uap/pack_identity.hpp>

namespace uap::catalogue_test {

namespace {

constexpr ToolRow rows[] = {
    {"pro_prefab_open_stage", "Opens a prefab asset in prefab mode (or closes prefab mode with close:true).",
     R"({"type":"object","properties":{"assetPath":{"type":"string"},"close":{"type":"boolean"}},"additionalProperties":false})", Kind::Write},
    {"pro_prefab_list_overrides", "Lists a prefab instance's overrides: changed properties, added and removed components and children.",
     R"({"type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false})", Kind::Reads},
    {"pro_prefab_apply_overrides", "Applies a prefab instance's overrides to its prefab asset (all, or the listed property paths).",
     R"({"type":"object","properties":{"path":{"type":"string"},"propertyPaths":{"type":"array","items":{"type":"string"}}},"required":["path"],"additionalProperties":false})", Kind::Write},
    {"pro_prefab_revert_overrides", "Reverts a prefab instance's overrides to the prefab asset's values (all, or the listed property paths).",
     R"({"type":"object","properties":{"path":{"type":"string"},"propertyPaths":{"type":"array","items":{"type":"string"}}},"required":["path"],"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_prefab_create_variant", "Creates a prefab variant of a prefab asset at a new asset path.",
     R"({"type":"object","properties":{"basePath":{"type":"string"},"variantPath":{"type":"string"}},"required":["basePath","variantPath"],"additionalProperties":false})", Kind::Write},
    {"pro_prefab_unpack", "Unpacks a prefab instance into plain objects (outermost or completely).",
     R"({"type":"object","properties":{"path":{"type":"string"},"mode":{"enum":["outermost","completely"]}},"required":["path"],"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_animation_clip_create", "Creates an AnimationClip asset (frame rate, length, loop) and optionally assigns it to an Animator's controller.",
     R"({"type":"object","properties":{"assetPath":{"type":"string"},"frameRate":{"type":"number"},"lengthSeconds":{"type":"number"},"loop":{"type":"boolean"}},"required":["assetPath"],"additionalProperties":false})", Kind::Write},
    {"pro_animation_keyframe_set", "Sets a keyframe on an animation clip's curve: object path, component type, property, time and value.",
     R"({"type":"object","properties":{"clipPath":{"type":"string"},"objectPath":{"type":"string"},"componentType":{"type":"string"},"property":{"type":"string"},"time":{"type":"number"},"value":{"type":"number"}},"required":["clipPath","property","time","value"],"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_animation_curve_list", "Lists an animation clip's curves with their keyframes.",
     R"({"type":"object","properties":{"clipPath":{"type":"string"}},"required":["clipPath"],"additionalProperties":false})", Kind::Reads},
    {"pro_animator_state_add", "Adds a state with a motion (clip) to a layer of an Animator Controller.",
     R"({"type":"object","properties":{"controllerPath":{"type":"string"},"layer":{"type":"integer"},"state":{"type":"string"},"motionPath":{"type":"string"}},"required":["controllerPath","state"],"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_animator_transition_add", "Adds a transition between two Animator states with conditions on parameters.",
     R"({"type":"object","properties":{"controllerPath":{"type":"string"},"from":{"type":"string"},"to":{"type":"string"},"conditions":{"type":"array","items":{"type":"object"}}},"required":["controllerPath","from","to"],"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_animator_parameter_set", "Adds or changes an Animator Controller parameter (float, int, bool, trigger) and its default.",
     R"({"type":"object","properties":{"controllerPath":{"type":"string"},"name":{"type":"string"},"type":{"enum":["float","int","bool","trigger"]},"default":{}},"required":["controllerPath","name","type"],"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_material_color_set", "Sets a material's colour property (_BaseColor, _Color, _EmissionColor ...) to #rrggbb[aa] or {r,g,b,a}.",
     R"({"type":"object","properties":{"materialPath":{"type":"string"},"property":{"type":"string"},"color":{}},"required":["materialPath","color"],"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_material_texture_assign", "Assigns a texture asset to a material's texture slot, with tiling and offset.",
     R"({"type":"object","properties":{"materialPath":{"type":"string"},"slot":{"type":"string"},"texturePath":{"type":"string"}},"required":["materialPath","slot","texturePath"],"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_material_shader_set", "Changes a material's shader, keeping the properties both shaders share.",
     R"({"type":"object","properties":{"materialPath":{"type":"string"},"shader":{"type":"string"}},"required":["materialPath","shader"],"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_material_keyword_toggle", "Enables or disables a shader keyword on a material (_EMISSION, _NORMALMAP ...).",
     R"({"type":"object","properties":{"materialPath":{"type":"string"},"keyword":{"type":"string"},"enabled":{"type":"boolean"}},"required":["materialPath","keyword","enabled"],"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_material_inspect", "Lists a material's shader, keywords, and every property with its type and value.",
     R"({"type":"object","properties":{"materialPath":{"type":"string"}},"required":["materialPath"],"additionalProperties":false})", Kind::Reads},
    {"pro_light_create", "Creates a light (directional, point, spot, area) with colour, intensity, range and shadows.",
     R"({"type":"object","properties":{"type":{"enum":["directional","point","spot","area"]},"position":{"type":"array"},"color":{"type":"string"},"intensity":{"type":"number"},"shadows":{"enum":["none","hard","soft"]}},"required":["type"],"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_lighting_bake", "Bakes the open scenes' lighting (lightmaps, light probes, reflection probes); long-running, cancellable.",
     R"({"type":"object","properties":{"clearFirst":{"type":"boolean"}},"additionalProperties":false})", Kind::LongRunning},
    {"pro_lightmap_settings_set", "Sets the scene's lightmapping settings: lightmapper, resolution, max size, compression.",
     R"({"type":"object","properties":{"lightmapper":{"enum":["progressiveCPU","progressiveGPU"]},"resolution":{"type":"number"},"maxSize":{"type":"integer"}},"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_reflection_probe_add", "Adds a reflection probe (baked or realtime) with its box size at a position.",
     R"({"type":"object","properties":{"position":{"type":"array"},"size":{"type":"array"},"mode":{"enum":["baked","realtime"]}},"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_lighting_environment_set", "Sets the environment lighting: skybox material, ambient source and colour, fog.",
     R"({"type":"object","properties":{"skyboxPath":{"type":"string"},"ambientColor":{"type":"string"},"fog":{"type":"boolean"}},"additionalProperties":false})", Kind::UndoableWrite},
    {"pro_window_open", "Opens an editor window by its type or menu path and reports its id and size.",
     R"({"type":"object","properties":{"window":{"type":"string"}},"required":["window"],"additionalProperties":false})", Kind::Write},
    {"pro_window_list", "Lists the open editor windows: type, title, docked or floating, size.",
     R"({"type":"object","properties":{},"additionalProperties":false})", Kind::Reads},
    {"pro_window_layout_save", "Saves the current editor window layout under a name.",
     R"({"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":false})", Kind::Write},
};

} // namespace

} // namespace uap::catalogue_test

UAP_CATALOGUE_MODULE(ProStandinModule, rows)
