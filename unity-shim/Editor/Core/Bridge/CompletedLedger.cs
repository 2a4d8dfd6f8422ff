// The completed-results ledger: every response this editor session produced, by request id, and
// which of them the host may not have received. It is saved across a domain reload (in SessionState,
// through an ILedgerStore), so a re-sent id is answered from here and never runs twice. It is bounded
// by bytes: the oldest responses are dropped a segment at a time and their ids kept as tombstones, so
// an evicted id is still refused instead of run again. Only segments that changed are saved again.
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Bridge
{
    public sealed class CompletedLedger
    {
        // Screenshots make single responses large; 8 MB of SessionState is what the editor can spare.
        public const long DefaultByteLimit = 8L * 1024 * 1024;
        // About 40 bytes each: a tombstone costs nothing like the response it replaces.
        public const int DefaultTombstoneLimit = 20000;
        public const int DefaultSegmentBytes = 256 * 1024;
        const int LedgerVersion = 2;

        sealed class Entry
        {
            public string Response;
            public int Bytes;
            public int Segment;
        }

        sealed class Segment
        {
            public readonly List<string> Ids = new List<string>();
            public long Bytes;
            public bool Dirty = true;
        }

        readonly object m_gate = new object();
        readonly Dictionary<string, Entry> m_entries = new Dictionary<string, Entry>();
        readonly SortedDictionary<int, Segment> m_segments = new SortedDictionary<int, Segment>();
        readonly HashSet<string> m_undelivered = new HashSet<string>();
        readonly HashSet<string> m_tombstones = new HashSet<string>();
        readonly Queue<string> m_tombstoneOrder = new Queue<string>();
        readonly List<int> m_erasedSegments = new List<int>();
        readonly long m_byteLimit;
        readonly int m_tombstoneLimit;
        readonly int m_segmentBytes;
        long m_bytes;
        int m_openSegment;
        bool m_tombstonesDirty;

        public CompletedLedger(long byteLimit = DefaultByteLimit, int tombstoneLimit = DefaultTombstoneLimit, int segmentBytes = DefaultSegmentBytes)
        {
            m_byteLimit = byteLimit;
            m_tombstoneLimit = tombstoneLimit;
            m_segmentBytes = segmentBytes;
        }

        public int Count { get { lock (m_gate) return m_entries.Count; } }
        public long Bytes { get { lock (m_gate) return m_bytes; } }
        public int Tombstones { get { lock (m_gate) return m_tombstones.Count; } }

        // Records a finished response as not yet delivered.
        public void Record(string id, string responseEnvelope)
        {
            lock (m_gate)
            {
                Add(id, responseEnvelope);
                m_undelivered.Add(id);
                Evict();
            }
        }

        void Add(string id, string responseEnvelope)
        {
            Entry existing;
            if (m_entries.TryGetValue(id, out existing))
                Remove(id, existing);
            Segment open;
            if (!m_segments.TryGetValue(m_openSegment, out open))
                m_segments[m_openSegment] = open = new Segment();
            else if (open.Bytes >= m_segmentBytes)
                m_segments[++m_openSegment] = open = new Segment();
            int bytes = Encoding.UTF8.GetByteCount(responseEnvelope) + Encoding.UTF8.GetByteCount(id);
            m_entries[id] = new Entry { Response = responseEnvelope, Bytes = bytes, Segment = m_openSegment };
            open.Ids.Add(id);
            open.Bytes += bytes;
            open.Dirty = true;
            m_bytes += bytes;
            if (m_tombstones.Remove(id))
                m_tombstonesDirty = true;
        }

        void Remove(string id, Entry entry)
        {
            Segment segment = m_segments[entry.Segment];
            segment.Ids.Remove(id);
            segment.Bytes -= entry.Bytes;
            segment.Dirty = true;
            m_bytes -= entry.Bytes;
            m_entries.Remove(id);
        }

        // Drops the oldest whole segments (never the open one) until the ledger fits its byte limit.
        void Evict()
        {
            while (m_bytes > m_byteLimit && m_segments.Count > 1)
            {
                int oldest = m_segments.Keys.First();
                Segment segment = m_segments[oldest];
                foreach (string id in segment.Ids)
                {
                    m_bytes -= m_entries[id].Bytes;
                    m_entries.Remove(id);
                    m_undelivered.Remove(id);
                    AddTombstone(id);
                }
                m_segments.Remove(oldest);
                m_erasedSegments.Add(oldest);
            }
        }

        void AddTombstone(string id)
        {
            if (!m_tombstones.Add(id))
                return;
            m_tombstoneOrder.Enqueue(id);
            m_tombstonesDirty = true;
            while (m_tombstones.Count > m_tombstoneLimit)
                m_tombstones.Remove(m_tombstoneOrder.Dequeue());
        }

        // A kept response, or for an evicted id an error saying it already ran (it must not run again).
        public bool TryGet(string id, out string responseEnvelope)
        {
            lock (m_gate)
            {
                Entry entry;
                if (m_entries.TryGetValue(id, out entry))
                {
                    responseEnvelope = entry.Response;
                    return true;
                }
                if (m_tombstones.Contains(id))
                {
                    responseEnvelope = EvictedAnswer(id);
                    return true;
                }
                responseEnvelope = null;
                return false;
            }
        }

        string EvictedAnswer(string id)
        {
            string message = "request " + id + " already ran in this editor session and was not run again; its result was dropped " +
                             "from the editor's ledger of answers (bounded to " + (m_byteLimit / (1024 * 1024)) + " MB, newest kept). " +
                             "Read the current state (hierarchy, properties, assets) instead of re-sending it";
            return new JObject { { "id", id }, { "error", new JObject { { "code", "result_evicted" }, { "message", message } } } }.ToString(Formatting.None);
        }

        public void MarkDelivered(string id) { lock (m_gate) m_undelivered.Remove(id); }

        public void MarkAllDelivered() { lock (m_gate) m_undelivered.Clear(); }

        // Offers an answer again in the next hello (one a lost host may never have read); ids the ledger
        // no longer holds are skipped.
        public void MarkUndelivered(string id)
        {
            lock (m_gate)
                if (m_entries.ContainsKey(id))
                    m_undelivered.Add(id);
        }

        // The responses for hello.completed, oldest first.
        public JArray Undelivered()
        {
            var completed = new JArray();
            lock (m_gate)
                foreach (Segment segment in m_segments.Values)
                    foreach (string id in segment.Ids)
                        if (m_undelivered.Contains(id))
                            completed.Add(JObject.Parse(m_entries[id].Response));
            return completed;
        }

        static string SegmentKey(string prefix, int segment) { return prefix + ".Segment." + segment; }

        // Saves what changed since the last save under keys starting with prefix: the segments written to
        // since, erasures of evicted ones, the tombstones when they changed, and the small header.
        public void Save(ILedgerStore store, string prefix)
        {
            lock (m_gate)
            {
                foreach (int erased in m_erasedSegments)
                    store.Erase(SegmentKey(prefix, erased));
                m_erasedSegments.Clear();
                foreach (KeyValuePair<int, Segment> segment in m_segments)
                {
                    if (!segment.Value.Dirty)
                        continue;
                    var entries = new JArray();
                    foreach (string id in segment.Value.Ids)
                        entries.Add(new JArray(id, m_entries[id].Response));
                    store.Write(SegmentKey(prefix, segment.Key), entries.ToString(Formatting.None));
                    segment.Value.Dirty = false;
                }
                if (m_tombstonesDirty)
                {
                    store.Write(prefix + ".Tombstones", new JArray(m_tombstoneOrder.Where(m_tombstones.Contains)).ToString(Formatting.None));
                    m_tombstonesDirty = false;
                }
                var header = new JObject
                {
                    { "ledgerVersion", LedgerVersion }, { "segments", new JArray(m_segments.Keys) }, { "undelivered", new JArray(m_undelivered) },
                };
                store.Write(prefix + ".Header", header.ToString(Formatting.None));
            }
        }

        // Restores what Save wrote; a store holding no ledger yields an empty one, and unreadable text an
        // empty one that says so.
        public static CompletedLedger Restore(ILedgerStore store, string prefix, out string problem, long byteLimit = DefaultByteLimit)
        {
            problem = null;
            var ledger = new CompletedLedger(byteLimit);
            string header = store.Read(prefix + ".Header");
            if (string.IsNullOrEmpty(header))
                return ledger;
            try
            {
                var root = JObject.Parse(header);
                if ((int)root["ledgerVersion"] != LedgerVersion)
                    throw new JsonException("ledger version " + root["ledgerVersion"] + " is not " + LedgerVersion);
                string tombstones = store.Read(prefix + ".Tombstones");
                if (!string.IsNullOrEmpty(tombstones))
                    foreach (JToken id in JArray.Parse(tombstones))
                        ledger.AddTombstone((string)id);
                foreach (JToken number in (JArray)root["segments"])
                    ledger.RestoreSegment((int)number, JArray.Parse(store.Read(SegmentKey(prefix, (int)number))));
                foreach (JToken id in (JArray)root["undelivered"])
                    ledger.MarkUndelivered((string)id);
                ledger.m_tombstonesDirty = false;
            }
            catch (System.Exception error)
            {
                problem = "the saved request ledger was unreadable and was dropped (" + error.Message + ")";
                return new CompletedLedger(byteLimit);
            }
            return ledger;
        }

        // A restored segment is already saved: it keeps its number and is not written again until it changes.
        void RestoreSegment(int number, JArray entries)
        {
            var segment = new Segment { Dirty = false };
            m_segments[number] = segment;
            m_openSegment = number;
            foreach (JArray entry in entries)
            {
                string id = (string)entry[0];
                string response = (string)entry[1];
                int bytes = Encoding.UTF8.GetByteCount(response) + Encoding.UTF8.GetByteCount(id);
                m_entries[id] = new Entry { Response = response, Bytes = bytes, Segment = number };
                segment.Ids.Add(id);
                segment.Bytes += bytes;
                m_bytes += bytes;
            }
        }
    }
}
