// The completed-results ledger: every response this editor session produced, by request id, and
// which of them the host may not have received. It is saved across a domain reload (the Unity side
// keeps the saved text in SessionState), so a re-sent id is answered from here and never runs twice.
using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Bridge
{
    public sealed class CompletedLedger
    {
        // As the simulator: the host acknowledges nothing, so keep ids far longer than a reconnect takes.
        public const int DefaultLimit = 10000;

        readonly object m_gate = new object();
        readonly Dictionary<string, string> m_responses = new Dictionary<string, string>();
        readonly LinkedList<string> m_order = new LinkedList<string>();
        readonly HashSet<string> m_undelivered = new HashSet<string>();
        readonly int m_limit;

        public CompletedLedger(int limit = DefaultLimit) { m_limit = limit; }

        public int Count { get { lock (m_gate) return m_responses.Count; } }

        // Records a finished response as not yet delivered.
        public void Record(string id, string responseEnvelope)
        {
            lock (m_gate)
            {
                if (!m_responses.ContainsKey(id))
                    m_order.AddLast(id);
                m_responses[id] = responseEnvelope;
                m_undelivered.Add(id);
                while (m_order.Count > m_limit)
                {
                    string oldest = m_order.First.Value;
                    m_order.RemoveFirst();
                    m_responses.Remove(oldest);
                    m_undelivered.Remove(oldest);
                }
            }
        }

        public bool TryGet(string id, out string responseEnvelope)
        {
            lock (m_gate) return m_responses.TryGetValue(id, out responseEnvelope);
        }

        public void MarkDelivered(string id) { lock (m_gate) m_undelivered.Remove(id); }

        public void MarkAllDelivered() { lock (m_gate) m_undelivered.Clear(); }

        // Offers an answer again in the next hello (one a lost host may never have read); ids the ledger
        // no longer holds are skipped.
        public void MarkUndelivered(string id)
        {
            lock (m_gate)
                if (m_responses.ContainsKey(id))
                    m_undelivered.Add(id);
        }

        // The responses for hello.completed.
        public JArray Undelivered()
        {
            var completed = new JArray();
            lock (m_gate)
                foreach (string id in m_order)
                    if (m_undelivered.Contains(id))
                        completed.Add(JObject.Parse(m_responses[id]));
            return completed;
        }

        public string Save()
        {
            var entries = new JArray();
            lock (m_gate)
                foreach (string id in m_order)
                    entries.Add(new JObject { { "id", id }, { "response", m_responses[id] }, { "delivered", !m_undelivered.Contains(id) } });
            return new JObject { { "ledgerVersion", 1 }, { "entries", entries } }.ToString(Formatting.None);
        }

        // Restores a saved ledger; text that is not a saved ledger yields an empty one (and says so).
        public static CompletedLedger Restore(string saved, out string problem, int limit = DefaultLimit)
        {
            problem = null;
            var ledger = new CompletedLedger(limit);
            if (string.IsNullOrEmpty(saved))
                return ledger;
            try
            {
                var root = JObject.Parse(saved);
                foreach (JObject entry in (JArray)root["entries"])
                {
                    string id = (string)entry["id"];
                    ledger.Record(id, (string)entry["response"]);
                    if ((bool)entry["delivered"])
                        ledger.MarkDelivered(id);
                }
            }
            catch (System.Exception error)
            {
                problem = "the saved request ledger was unreadable and was dropped (" + error.Message + ")";
                return new CompletedLedger(limit);
            }
            return ledger;
        }
    }
}
