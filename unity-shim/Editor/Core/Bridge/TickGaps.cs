// The gaps between the main thread's ticks, measured idle end to next start (a long request is "busy",
// not a gap), kept as the longest gap of the current and the previous window so a throttled editor
// that ticks every few seconds reads as throttled steadily, and a burst of fast ticks does not hide it.
using Newtonsoft.Json.Linq;

namespace AgentPanel.Bridge
{
    sealed class TickGaps
    {
        long m_ticks;
        bool m_inTick;
        long m_lastEndMs;
        readonly WindowedMaximum m_gaps = new WindowedMaximum();

        public long Ticks { get { return m_ticks; } }

        public void Begin(long nowMs)
        {
            m_gaps.Add(m_ticks > 0 ? nowMs - m_lastEndMs : 0, nowMs);
            ++m_ticks;
            m_inTick = true;
        }

        public void End(long nowMs)
        {
            m_lastEndMs = nowMs;
            m_inTick = false;
        }

        // tickGapMs: the longest gap in the last one to two windows, or the time since the last tick when
        // that is longer; sinceTickMs: the time since the last tick ended (0 inside a tick). Nothing before
        // the first tick.
        public void Report(JObject report, long nowMs)
        {
            if (m_ticks == 0)
                return;
            long since = m_inTick ? 0 : nowMs - m_lastEndMs;
            long gap = m_gaps.Maximum(nowMs);
            report["tickGapMs"] = since > gap ? since : gap;
            report["sinceTickMs"] = since;
        }
    }
}
