// Names from protocol/bridge-v1.json: the editor primitives ("methods" less the two the socket
// thread answers) and the protocol version. A test checks this list against the JSON file.
using System.Collections.Generic;

namespace AgentPanel.Bridge
{
    public static class BridgeMethods
    {
        public const int ProtocolVersion = 1;
        public const string Ping = "ping";
        public const string RequestStatus = "request.status";

        public static readonly IList<string> Primitives = new List<string>
        {
            "editor.info", "editor.state",
            "hierarchy.roots", "hierarchy.subtree",
            "object.create", "object.destroy", "object.rename", "object.reparent", "object.setActive",
            "object.duplicate", "object.instantiate",
            "transform.get", "transform.set", "scene.digest",
            "component.list", "component.add", "component.remove",
            "property.list", "property.get", "property.set",
            "type.find",
            "asset.find", "asset.create", "asset.delete", "asset.importSettings.get", "asset.importSettings.set",
            "asset.refresh",
            "undo.beginGroup", "undo.endGroup", "undo.collapse", "undo.revertGroup",
            "turn.begin", "turn.end", "turn.revert",
            "prefabStage.open", "prefabStage.close",
            "selection.get", "selection.set",
            "menu.list", "menu.execute",
            "console.read", "console.clear",
            "playmode.get", "playmode.set",
            "scene.list", "scene.open", "scene.save",
            "screenshot.capture",
            "gameView.get", "gameView.set",
            "search.query", "search.unity",
            "scripts.validate",
            "markers.draw", "markers.clear", "markers.list", "camera.get", "packages.add",
            "prefab.overrides.get", "prefab.overrides.apply", "prefab.overrides.revert", "prefab.unpack", "prefab.createVariant",
            "material.describe", "material.set",
            "lighting.bake.start", "lighting.bake.status", "lighting.bake.cancel",
            "tests.run.start", "tests.run.status", "tests.run.cancel",
            "animation.clip.write", "animation.clip.read", "animator.edit", "animator.read",
            "model.avatar.configure", "model.avatar.read",
            "window.list", "window.tree", "window.click", "window.setValue",
            "project.tool.call",
        }.AsReadOnly();
    }
}
