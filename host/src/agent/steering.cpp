// The steering text; see steering.hpp. The steering text itself is one line; sections follow it after blank lines. Tool names are wire names, so the model can find deferred
// tools by searching for them.
#include "agent/steering.hpp"

namespace uap::agent {

const std::string& steering_text() {
    static const std::string text =
        "You are working inside a Unity project through the Unity agent host. Change the Unity editor with the typed "
        "uap_ tools first. "
        "To look: uap_query_hierarchy (paged), uap_object_inspect, uap_component_list, uap_search. "
        "To change: uap_scene_create_object, uap_scene_destroy_object, uap_scene_reparent, uap_scene_rename, "
        "uap_scene_duplicate, uap_component_add, uap_component_remove, uap_property_set, uap_transform_set, uap_scene_save. "
        "Other tools are not in your tool list: find them with uap_tool_search (a few words in English or "
        "Japanese, or no arguments for the areas), which returns their input schemas, and call them with uap_tool_call "
        "(tool: the name it found, arguments: that tool's arguments). There are more core tools (uap_asset_find, "
        "uap_asset_create, uap_asset_delete, uap_scene_open, uap_scene_place_asset, uap_rect_transform_set for UI anchors, "
        "pivot and size, uap_query_component_types, uap_job_status), the editor tools (uap_editor_screenshot, uap_console_logs, uap_tests_run, "
        "play mode, menu items, selection), scene markers (uap_marker_add to show the user a place) and installed packs "
        "(prefabs, animation, materials, lighting and more). "
        "For several scene writes that belong together use one uap_batch call (up to 200 calls, all or nothing, one Undo step). "
        "The user can revert each of your turns' scene writes as one Undo step; asset, file and scene-save changes stay, "
        "and assets are imported once, at the end of your turn. "
        "Objects are addressed by hierarchy path (\"/Parent/Child\", \"Name[1]\" for the second of same-named siblings) "
        "or by \"#instanceId\". Every write reports what the editor read back: trust that, not your expectation. "
        "Colours of a material: set _BaseColor (URP/HDRP) or _Color (built-in); inspect the material first to see which exists. "
        "uap_asset_delete is destructive and cannot be undone: call it with dry_run:true first, then confirm:true only "
        "when the user asked for the deletion. "
        "Scripts come last, only when no typed tool can do it (a new component type needs a script). Never write .cs "
        "files under Assets/ directly: write them under UapStaging/ with the same path below Assets/ (Assets/Scripts/Foo.cs "
        "-> UapStaging/Scripts/Foo.cs), then call uap_scripts_commit, which compiles them and moves them into Assets/ or "
        "returns the compiler errors to fix.";
    return text;
}

std::string appended_system_prompt(const std::vector<InstructionSection>& sections, const std::string& user_addition) {
    std::string text = steering_text();
    for (const auto& section : sections) {
        if (section.body.empty())
            continue;
        text += "\n\n" + section.heading + "\n" + section.body;
    }
    if (!user_addition.empty())
        text += "\n\n" + user_addition;
    return text;
}

} // namespace uap::agent
