// One valid call of every editor primitive against the simulator's sample scene, in an order
// where each call's preconditions hold. Shared by the in-process and the WebSocket tests.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace uap::testing {

// The samples' project has Unity's Test Framework, without which an editor has no tests.run.* primitives.
inline void write_sample_manifest(const std::filesystem::path& project) {
    std::filesystem::create_directories(project / "Packages");
    std::ofstream(project / "Packages" / "manifest.json") << R"({"dependencies":{"com.unity.test-framework":"1.4.6"}})";
}

inline const std::vector<std::pair<std::string, std::string>>& method_samples() {
    static const std::vector<std::pair<std::string, std::string>> samples{
        {"editor.info", "{}"},
        {"editor.state", "{}"},
        {"hierarchy.roots", R"({"limit":2})"},
        {"hierarchy.subtree", R"({"root":{"scenePath":"/Player"},"depth":2,"maxNodes":10,"components":true})"},
        {"undo.beginGroup", R"({"name":"sample group"})"},
        {"object.create", R"({"name":"Box","primitive":"Cube","position":[1,2,3]})"},
        {"object.rename", R"({"object":{"scenePath":"/Box"},"name":"Crate Box"})"},
        {"object.reparent", R"({"object":{"scenePath":"/Crate Box"},"parent":{"scenePath":"/Player"},"siblingIndex":0})"},
        {"object.setActive", R"({"object":{"scenePath":"/Player/Crate Box"},"active":false})"},
        {"object.duplicate", R"({"object":{"scenePath":"/Player/Crate Box"},"name":"Box Copy"})"},
        {"object.instantiate", R"({"asset":"Assets/Prefabs/Crate.prefab","name":"Crate Instance"})"},
        {"object.destroy", R"({"object":{"scenePath":"/Crate Instance"}})"},
        {"transform.get", R"({"object":{"scenePath":"/Player/Crate Box"}})"},
        {"transform.set", R"({"object":{"scenePath":"/Player/Crate Box"},"space":"world","position":{"x":0,"y":1,"z":2},"rotation":{"x":0,"y":90,"z":0}})"},
        {"scene.digest", "{}"},
        {"gameView.get", "{}"},
        {"asset.refresh", "{}"},
        {"gameView.set", R"({"width":800,"height":600})"},
        {"component.list", R"({"object":{"scenePath":"/Player"}})"},
        {"component.add", R"({"object":{"scenePath":"/Player/Box Copy"},"type":"UnityEngine.AudioSource"})"},
        {"component.remove", R"({"object":{"scenePath":"/Player/Box Copy"},"type":"AudioSource","index":0})"},
        {"property.list", R"({"target":{"component":{"object":{"scenePath":"/Directional Light"},"type":"Light"}}})"},
        {"property.get", R"({"target":{"component":{"object":{"scenePath":"/Player"},"type":"Transform"}},"paths":["m_LocalPosition"]})"},
        {"property.set", R"({"target":{"component":{"object":{"scenePath":"/Directional Light"},"type":"Light"}},"values":[
            {"path":"m_Color","type":"color","value":{"r":1,"g":0.5,"b":0,"a":1}},
            {"path":"m_Type","type":"enum","value":"Point"},
            {"path":"m_CullingMask","type":"layerMask","value":["Default","Player"]},
            {"path":"m_Intensity","type":"float","value":2.5}]})"},
        {"undo.endGroup", "{}"},
        {"undo.collapse", R"({"group":2})"},
        {"undo.revertGroup", R"({"group":2})"},
        {"turn.begin", R"({"name":"Agent turn 1 - sample"})"},
        {"object.create", R"({"name":"Turn Box"})"},
        {"turn.end", R"({"group":17,"name":"Agent turn 1 - sample"})"},
        {"turn.revert", R"({"group":17,"name":"Agent turn 1 - sample"})"},
        {"prefabStage.open", R"({"assetPath":"Assets/Prefabs/Crate.prefab"})"},
        {"prefabStage.close", "{}"},
        {"type.find", R"({"query":"collider","kind":"component"})"},
        {"asset.find", R"({"filter":"t:Material"})"},
        {"asset.create", R"({"path":"Assets/Materials/Blue.mat","kind":"Material"})"},
        {"asset.importSettings.get", R"({"path":"Assets/Textures/Checker.png"})"},
        {"asset.importSettings.set", R"({"path":"Assets/Textures/Checker.png","values":[{"path":"maxTextureSize","type":"integer","value":512}]})"},
        {"asset.delete", R"({"path":"Assets/Materials/Blue.mat"})"},
        {"selection.set", R"({"objects":[{"scenePath":"/Player"},{"assetPath":"Assets/Materials/Red.mat"}]})"},
        {"selection.get", "{}"},
        {"menu.list", R"({"prefix":"Tools/"})"},
        {"menu.execute", R"({"path":"Tools/Log Hello"})"},
        {"console.read", R"({"types":["log"],"sinceId":0,"limit":10})"},
        {"console.clear", "{}"},
        {"scene.list", "{}"},
        {"scene.save", "{}"},
        {"scene.open", R"({"path":"Assets/Scenes/SampleScene.unity","mode":"single"})"},
        {"screenshot.capture", R"({"width":64,"height":36})"},
        {"search.query", R"({"query":"t:Rigidbody","scope":"scene"})"},
        {"search.unity", R"({"query":"h: t:Rigidbody","providers":["scene","adb"],"limit":10})"},
        {"scripts.validate", R"({"sources":[{"path":"Assets/Scripts/Broken.cs","text":"class Broken {\n void Run() {\n}\n"}]})"},
        {"playmode.set", R"({"state":"playing"})"},
        {"playmode.get", "{}"},
        {"playmode.set", R"({"state":"edit"})"},
        {"markers.draw", R"({"markers":[{"id":1,"kind":"arrow","position":[0,1,0],"to":[0,2,0],"target":{"scenePath":"/Player"}}],"pins":[{"id":"P1","position":[1,0,0]}]})"},
        {"markers.list", "{}"},
        {"camera.get", R"({"view":"game","width":320,"height":180})"},
        {"markers.clear", R"({"all":true,"pins":true})"},
        {"packages.add", R"({"identifier":"com.example.sample@1.0.0"})"},
        {"prefab.createVariant", R"({"base":"Assets/Prefabs/Crate.prefab","path":"Assets/Prefabs/Crate Variant.prefab"})"},
        {"object.instantiate", R"({"asset":"Assets/Prefabs/Crate.prefab","name":"Crate Sample"})"},
        {"prefab.overrides.get", R"({"object":{"scenePath":"/Crate Sample"}})"},
        {"prefab.overrides.apply", R"({"object":{"scenePath":"/Crate Sample"}})"},
        {"prefab.overrides.revert", R"({"object":{"scenePath":"/Crate Sample"}})"},
        {"prefab.unpack", R"({"object":{"scenePath":"/Crate Sample"},"mode":"completely"})"},
        {"material.describe", R"({"assetPath":"Assets/Materials/Red.mat"})"},
        {"material.set", R"({"assetPath":"Assets/Materials/Red.mat","values":[{"name":"_Color","type":"Color","value":{"r":1,"g":0,"b":0,"a":1}}],"renderQueue":2450})"},
        {"lighting.bake.status", "{}"},
        {"lighting.bake.start", R"({"engine":"unity"})"},
        {"lighting.bake.cancel", "{}"},
        {"tests.run.status", "{}"},
        {"tests.run.start", R"({"mode":"EditMode"})"},
        {"tests.run.cancel", "{}"},
        {"animation.clip.write", R"({"path":"Assets/Materials/Bob.anim","frameRate":30,"loopTime":true,
            "curves":[{"path":"","type":"Transform","propertyName":"m_LocalPosition.y","keys":[{"time":0,"value":0},{"time":1,"value":1,"inTangent":0,"outTangent":0}]}],
            "objectCurves":[{"path":"","type":"MeshRenderer","propertyName":"m_Materials.Array.data[0]","keys":[{"time":0,"assetPath":"Assets/Materials/Red.mat"}]}],
            "events":[{"time":0.5,"functionName":"Step","intParameter":1}]})"},
        {"animation.clip.read", R"({"path":"Assets/Materials/Bob.anim","keyLimit":10})"},
        {"animator.edit", R"({"path":"Assets/Materials/Bob.controller","create":true,"parameters":[{"name":"Speed","type":"Float"}],
            "states":[{"name":"Bob","motion":"Assets/Materials/Bob.anim"},{"name":"Rest"}],
            "transitions":[{"from":"Bob","to":"Rest","conditions":[{"mode":"Less","parameter":"Speed","threshold":0.1}]}]})"},
        {"animator.read", R"({"path":"Assets/Materials/Bob.controller"})"},
        {"model.avatar.configure", R"({"path":"Assets/Models/Rock.fbx","mapping":[{"humanBone":"Hips","transform":"Rock"}]})"},
        {"model.avatar.read", R"({"path":"Assets/Models/Rock.fbx"})"},
        {"window.list", "{}"},
        {"window.tree", R"({"windowIndex":3,"path":"2","limit":5})"},
        {"window.setValue", R"({"windowIndex":3,"path":"1/2","value":20})"},
        {"window.click", R"({"windowIndex":3,"path":"2/0"})"},
        {"project.tool.call", R"({"name":"rename_sample","arguments":{"path":"/Main Camera","name":"Sample Camera"}})"},
    };
    return samples;
}

// The project tool the project.tool.call sample calls: load it into the simulator before the samples.
inline const char* sample_project_tools() {
    return R"({"tools":[{"name":"rename_sample","description":"Renames an object (a sample C# tool).",
        "inputSchema":{"type":"object","properties":{"path":{"type":"string"},"name":{"type":"string"}},"required":["path","name"]},
        "steps":[{"method":"object.rename","params":{"object":{"scenePath":"$path"},"name":"$name"}}]}]})";
}

} // namespace uap::testing
