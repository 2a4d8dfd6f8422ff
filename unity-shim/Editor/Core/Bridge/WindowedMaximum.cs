// The largest value seen over the current and the previous fixed window of time: what liveness reports
// for tick gaps and queue waits, so a slow moment stays visible for one to two windows and a burst of
// fast ones does not hide it.
namespace AgentPanel.Bridge
{
    sealed class WindowedMaximum
    {
        public const long WindowMs = 5000;

        bool m_started;
        long m_windowStartMs;
        long m_currentMax;
        long m_previousMax;

        public void Add(long value, long nowMs)
        {
            Roll(nowMs);
            if (value > m_currentMax)
                m_currentMax = value;
        }

        // The largest value of the last one to two windows (0 when none was added).
        public long Maximum(long nowMs)
        {
            Roll(nowMs);
            return m_currentMax > m_previousMax ? m_currentMax : m_previousMax;
        }

        void Roll(long nowMs)
        {
            if (!m_started)
            {
                m_started = true;
                m_windowStartMs = nowMs;
                return;
            }
            long windows = (nowMs - m_windowStartMs) / WindowMs;
            if (windows <= 0)
                return;
            m_previousMax = windows == 1 ? m_currentMax : 0;
            m_currentMax = 0;
            m_windowStartMs += windows * WindowMs;
        }
    }
}
