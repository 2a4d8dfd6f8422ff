// The window's kept values in SessionState: they survive domain reloads and last until the editor quits.
using AgentPanel.Panel;
using UnityEditor;

namespace AgentPanel.Editor
{
    sealed class EditorSessionValues : ISessionValues
    {
        public string GetString(string key, string fallback) { return SessionState.GetString(key, fallback); }
        public void SetString(string key, string value) { SessionState.SetString(key, value); }
    }
}
