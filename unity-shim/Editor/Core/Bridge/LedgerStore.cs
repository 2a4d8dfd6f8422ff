// Where the completed-results ledger keeps its saved text between domain reloads: SessionState in Unity
// (SessionStateLedgerStore), a dictionary in the tests. Keys are written one segment at a time.
using System.Collections.Generic;

namespace AgentPanel.Bridge
{
    public interface ILedgerStore
    {
        // Empty when the key was never written or was erased.
        string Read(string key);
        void Write(string key, string text);
        void Erase(string key);
    }

    public sealed class MemoryLedgerStore : ILedgerStore
    {
        readonly Dictionary<string, string> m_values = new Dictionary<string, string>();

        // How many keys were written, for tests that check a save rewrites only what changed.
        public int Writes { get; private set; }
        public int Keys { get { return m_values.Count; } }

        public string Read(string key)
        {
            string text;
            return m_values.TryGetValue(key, out text) ? text : string.Empty;
        }

        public void Write(string key, string text)
        {
            m_values[key] = text;
            ++Writes;
        }

        public void Erase(string key) { m_values.Remove(key); }
    }
}
