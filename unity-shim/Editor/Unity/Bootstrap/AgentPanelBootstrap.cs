// Loaded with every domain: it only subscribes to editor callbacks. The work (finding or starting the
// host, connecting) happens on the first editor update, so a domain reload stays fast.
using UnityEditor;

namespace AgentPanel.Editor
{
    [InitializeOnLoad]
    static class AgentPanelBootstrap
    {
        static AgentPanelBootstrap()
        {
            EditorApplication.update += BridgeService.Tick;
            AssemblyReloadEvents.beforeAssemblyReload += BridgeService.BeforeReload;
            EditorApplication.quitting += BridgeService.Quit;
        }
    }
}
