// Carries the bridge's log lines from its socket and supervisor threads to the main thread, where the
// Unity side writes them to the Console (Debug.Log) when the user turned that on. Bounded and rate
// limited, so a reconnect loop cannot flood the Console; Unity-free, so it is tested under mono.
using System;
using System.Collections.Generic;

namespace AgentPanel.Bridge
{
    public enum BridgeLogging { Off, ToConsole }

    public sealed class BridgeLogRelay
    {
        public const int LinesPerWindow = 20;
        public const long WindowMilliseconds = 10000;
        // Lines waiting for the main thread; older ones are dropped first when it does not come.
        public const int QueueLimit = 100;

        readonly object m_gate = new object();
        readonly Queue<string> m_waiting = new Queue<string>();
        BridgeLogging m_logging;
        long m_windowStart = -1;
        int m_shownInWindow;
        long m_held;

        public BridgeLogRelay(BridgeLogging logging) { m_logging = logging; }

        public BridgeLogging Logging
        {
            get { lock (m_gate) return m_logging; }
            set
            {
                lock (m_gate)
                {
                    m_logging = value;
                    if (value == BridgeLogging.Off)
                    {
                        m_waiting.Clear();
                        m_held = 0;
                    }
                }
            }
        }

        // Any thread: the bridge client's and the supervisor's log callback.
        public void Add(string line)
        {
            lock (m_gate)
            {
                if (m_logging == BridgeLogging.Off)
                    return;
                if (m_waiting.Count == QueueLimit)
                {
                    m_waiting.Dequeue();
                    ++m_held;
                }
                m_waiting.Enqueue(line);
            }
        }

        // Main thread, once per tick: writes what the rate limit allows (the rest waits for the next window),
        // and first, once a window has ended, one line saying how many the queue bound dropped.
        public int Drain(Action<string> write, long nowMilliseconds)
        {
            var lines = new List<string>();
            lock (m_gate)
            {
                if (m_windowStart < 0 || nowMilliseconds - m_windowStart >= WindowMilliseconds)
                {
                    if (m_held > 0)
                        lines.Add("bridge: " + m_held + " log lines were not shown (at most " + LinesPerWindow + " every " +
                                  WindowMilliseconds / 1000 + " s)");
                    m_held = 0;
                    m_windowStart = nowMilliseconds;
                    m_shownInWindow = 0;
                }
                while (m_waiting.Count > 0 && m_shownInWindow < LinesPerWindow)
                {
                    lines.Add(m_waiting.Dequeue());
                    ++m_shownInWindow;
                }
            }
            foreach (string line in lines)
                write(line);
            return lines.Count;
        }
    }
}
