// Loaded with every domain: it only subscribes to editor callbacks. The work (finding or starting the
// host, connecting) happens on the first editor update, so a domain reload stays fast. The bridge also
// ticks on the editor's internal tick event, which the socket thread can signal (MainThreadWaker).
using UnityEditor;

namespace AgentPanel.Editor
{
    [InitializeOnLoad]
    static class AgentPanelBootstrap
    {
        static AgentPanelBootstrap()
        {
            EditorApplication.update += BridgeService.Tick;
            BridgeService.WakeFromSocketThread = MainThreadWaker.SubscribeToTick(BridgeService.Tick);
            AssemblyReloadEvents.beforeAssemblyReload += BridgeService.BeforeReload;
            EditorApplication.quitting += BridgeService.Quit;
        }
    }
}
