// The main-thread work queue: the socket thread enqueues requests, the main thread (Unity's
// EditorApplication.update, or a test's thread) runs every queued one within a time budget per tick. Its
// state (current request, busy since, queued ids, the gap between ticks, how long requests waited) is
// what liveness reports off the main thread; a wake callback asks the editor for a tick when one arrives.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Bridge
{
    public enum RequestState { Unknown, Queued, Running }

    public sealed class QueuedRequest
    {
        public string Id;
        public string Method;
        public JObject Parameters;
        // Set by the pump when the request is queued, on the pump's clock.
        public long ArrivedMs;
    }

    public sealed class RequestPump
    {
        readonly object m_gate = new object();
        readonly LinkedList<QueuedRequest> m_queue = new LinkedList<QueuedRequest>();
        readonly Dictionary<string, LinkedListNode<QueuedRequest>> m_queued = new Dictionary<string, LinkedListNode<QueuedRequest>>();
        readonly Stopwatch m_clock = Stopwatch.StartNew();
        readonly HashSet<string> m_deferred = new HashSet<string>();
        readonly Action m_wakeMainThread;
        readonly Func<long> m_now;
        readonly TickGaps m_ticks = new TickGaps();
        readonly WindowedMaximum m_waits = new WindowedMaximum();
        long m_ran;
        bool m_wakePending;
        string m_current;
        string m_busyWith;
        long m_busySinceMs;

        // wakeMainThread is called on the socket thread for the first new request since a tick began (and on
        // the main thread when a tick's budget leaves requests queued), so an editor that ticks rarely (in
        // the background, under App Nap) runs them without waiting for its next scheduled update.
        public RequestPump(Action wakeMainThread = null) { m_wakeMainThread = wakeMainThread; }

        // clock: milliseconds, for tests that step time by hand.
        public RequestPump(Action wakeMainThread, Func<long> clock)
        {
            m_wakeMainThread = wakeMainThread;
            m_now = clock;
        }

        long Now { get { return m_now != null ? m_now() : m_clock.ElapsedMilliseconds; } }

        // False when the id is already queued or running (a re-sent id: its answer will come).
        public bool Enqueue(QueuedRequest request)
        {
            lock (m_gate)
            {
                if (m_queued.ContainsKey(request.Id) || m_current == request.Id || m_deferred.Contains(request.Id))
                    return false;
                request.ArrivedMs = Now;
                m_queued[request.Id] = m_queue.AddLast(request);
                // One wake per tick is enough: requests arriving together share the tick it asks for.
                if (m_wakePending)
                    return true;
                m_wakePending = true;
            }
            Wake();
            return true;
        }

        // How many ticks have begun, for tests and measurements.
        public long TicksBegun { get { lock (m_gate) return m_ticks.Ticks; } }

        void Wake()
        {
            if (m_wakeMainThread == null)
                return;
            try
            {
                m_wakeMainThread();
            }
            catch (Exception)
            {
                // Waking is an optimisation: the request still runs on the next scheduled tick.
            }
        }

        public RequestState StateOf(string id)
        {
            lock (m_gate)
            {
                if (m_current == id || m_deferred.Contains(id))
                    return RequestState.Running;
                return m_queued.ContainsKey(id) ? RequestState.Queued : RequestState.Unknown;
            }
        }

        // A deferred primitive keeps its request running after Pump's callback returned, until EndDeferred.
        public void BeginDeferred(string id) { lock (m_gate) m_deferred.Add(id); }
        public void EndDeferred(string id) { lock (m_gate) m_deferred.Remove(id); }

        // Removes a queued request so it never runs (request.status withdrawIfQueued).
        public bool Withdraw(string id)
        {
            lock (m_gate)
            {
                LinkedListNode<QueuedRequest> node;
                if (!m_queued.TryGetValue(id, out node))
                    return false;
                m_queue.Remove(node);
                m_queued.Remove(id);
                return true;
            }
        }

        // A domain reload loses the managed queue; the host re-sends what it never got an answer for.
        public int DropQueued()
        {
            lock (m_gate)
            {
                int dropped = m_queue.Count;
                m_queue.Clear();
                m_queued.Clear();
                return dropped;
            }
        }

        // Runs queued requests on the calling (main) thread until the queue is empty or the budget is spent,
        // so every request that arrived before or during the tick runs in it while the budget lasts; what
        // the budget leaves asks for the next tick at once instead of waiting for the editor's own.
        // Each call is one main-thread tick: the idle time since the previous tick ended is its gap.
        public int Pump(TimeSpan budget, Action<QueuedRequest> run)
        {
            long started = Now;
            lock (m_gate)
            {
                m_ticks.Begin(started);
                m_wakePending = false;
            }
            bool left;
            int ran = 0;
            try
            {
                ran = PumpQueue(started + (long)budget.TotalMilliseconds, run);
            }
            finally
            {
                lock (m_gate)
                {
                    m_ticks.End(Now);
                    left = m_queue.Count > 0 && !m_wakePending;
                    if (left)
                        m_wakePending = true;
                }
            }
            if (left)
                Wake();
            return ran;
        }

        int PumpQueue(long deadline, Action<QueuedRequest> run)
        {
            int ran = 0;
            while (true)
            {
                QueuedRequest next;
                lock (m_gate)
                {
                    if (m_queue.Count == 0)
                        return ran;
                    next = m_queue.First.Value;
                    m_queue.RemoveFirst();
                    m_queued.Remove(next.Id);
                    m_current = next.Id;
                    m_busyWith = "request";
                    m_busySinceMs = Now;
                    m_waits.Add(m_busySinceMs - next.ArrivedMs, m_busySinceMs);
                    ++m_ran;
                }
                try
                {
                    run(next);
                }
                finally
                {
                    lock (m_gate)
                    {
                        m_current = null;
                        m_busyWith = null;
                    }
                }
                ++ran;
                if (Now >= deadline)
                    return ran;
            }
        }

        // Marks the main thread busy with something other than a request (a stall, a modal dialog, a reload).
        public IDisposable Busy(string busyWith)
        {
            lock (m_gate)
            {
                m_busyWith = busyWith;
                m_busySinceMs = Now;
            }
            return new BusyScope(this);
        }

        sealed class BusyScope : IDisposable
        {
            readonly RequestPump m_pump;
            public BusyScope(RequestPump pump) { m_pump = pump; }
            public void Dispose() { lock (m_pump.m_gate) m_pump.m_busyWith = null; }
        }

        // The ping result's "mainThread" object. queueWaitMs: the longest time from a request's arrival to
        // the start of its run over the last 5 to 10 s, or the age of the oldest queued one when longer.
        public JObject MainThreadReport(EditorStatus status)
        {
            bool compiling, importing;
            string playMode, modalDialog;
            status.Read(out compiling, out importing, out playMode, out modalDialog);
            var report = new JObject();
            lock (m_gate)
            {
                bool busy = m_busyWith != null;
                report["busy"] = busy;
                if (busy)
                {
                    report["busySinceMs"] = Now - m_busySinceMs;
                    report["busyWith"] = m_busyWith;
                }
                if (m_current != null)
                    report["currentRequest"] = m_current;
                report["queued"] = m_queue.Count;
                if (m_deferred.Count > 0)
                    report["deferred"] = m_deferred.Count;
                m_ticks.Report(report, Now);
                long waiting = m_queue.Count > 0 ? Now - m_queue.First.Value.ArrivedMs : 0;
                long waited = m_waits.Maximum(Now);
                if (m_ran > 0 || m_queue.Count > 0)
                    report["queueWaitMs"] = waiting > waited ? waiting : waited;
            }
            report["compiling"] = compiling;
            report["importing"] = importing;
            report["playMode"] = playMode;
            if (!string.IsNullOrEmpty(modalDialog))
                report["modalDialog"] = modalDialog;
            return report;
        }
    }
}
