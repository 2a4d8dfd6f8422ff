// The ledger's saved segments in SessionState, which lives exactly as long as the editor process.
using AgentPanel.Bridge;
using UnityEditor;

namespace AgentPanel.Editor
{
    sealed class SessionStateLedgerStore : ILedgerStore
    {
        public string Read(string key) { return SessionState.GetString(key, string.Empty); }
        public void Write(string key, string text) { SessionState.SetString(key, text); }
        public void Erase(string key) { SessionState.EraseString(key); }
    }
}
