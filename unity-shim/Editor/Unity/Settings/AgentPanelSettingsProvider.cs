// Project Settings > Agent Panel: the host's state (running, version, port, last error), the path of
// the host binary for this project and user, whether the bridge's log lines go to the Console, how long
// the bridge may work per editor frame, and how module packs are toggled.
using System.Collections.Generic;
using AgentPanel.Bridge;
using AgentPanel.Host;
using AgentPanel.Panel;
using UnityEditor;
using UnityEngine.UIElements;

namespace AgentPanel.Editor
{
    static class AgentPanelSettingsProvider
    {
        [SettingsProvider]
        static SettingsProvider Create()
        {
            var provider = new SettingsProvider("Project/Agent Panel", SettingsScope.Project, new List<string> { "agent", "claude", "mcp", "host" });
            provider.activateHandler = (searchContext, root) =>
            {
                var state = new Label();
                root.Add(state);
                var path = new TextField("Host binary (empty: the package's Bin~ folder, then PATH and the usual install folders)")
                {
                    value = EditorUserSettings.GetConfigValue(BridgeService.HostPathSetting) ?? string.Empty,
                };
                root.Add(path);
                root.Add(new Button(() =>
                {
                    EditorUserSettings.SetConfigValue(BridgeService.HostPathSetting, path.value);
                    BridgeService.Restart();
                }) { text = "Save and reconnect" });
                var bridgeLog = new Toggle("Show the bridge's log lines in the Console (at most 20 every 10 s)")
                {
                    value = BridgeService.BridgeLogSettingValue() == BridgeLogging.ToConsole,
                };
                root.Add(bridgeLog);
                root.Add(new Button(() => BridgeService.SetBridgeLogging(bridgeLog.value ? BridgeLogging.ToConsole : BridgeLogging.Off))
                         { text = "Apply logging" });
                var budget = new TextField("Bridge work per editor frame, ms (" + FrameBudget.MinimumMs + " to " + FrameBudget.MaximumMs + ")")
                {
                    value = ((long)BridgeService.FrameBudgetValue.TotalMilliseconds).ToString(),
                };
                root.Add(budget);
                root.Add(new Button(() => BridgeService.SetFrameBudget(budget.value)) { text = "Apply budget" });
                root.Add(new Label(PanelText.Literal("Module packs are toggled per project with `uap-host modules enable|disable ID --project " +
                                                     BridgeService.ProjectPath + "`; the running agent's tool list follows after a reconnect.")));
                root.schedule.Execute(() =>
                {
                    HostDiscovery host = BridgeService.Host;
                    string text = "Bridge: " + BridgeService.State;
                    if (host != null)
                        text += "\nHost: pid " + host.Pid + ", version " + host.Version + ", port " + host.Port + "\nMCP: " + host.McpUrl;
                    if (BridgeService.LastError != null)
                        text += "\nLast error: " + BridgeService.LastError;
                    if (BridgeService.LastRecovery != null)
                        text += "\nLast host replacement: a new host served " + (long)BridgeService.LastRecovery.Value.TotalMilliseconds +
                                " ms after the previous one was lost";
                    state.text = PanelText.Literal(text);
                }).Every(500);
            };
            return provider;
        }
    }
}
