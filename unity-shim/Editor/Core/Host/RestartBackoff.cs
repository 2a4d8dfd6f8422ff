// When to start the host again after failed starts: at once after the first, after a pause after the
// second, and after the third one report to the user once and only try again once a minute.
using System;

namespace AgentPanel.Host
{
    public sealed class RestartBackoff
    {
        public const int FailuresBeforeReport = 3;
        // One failure is not a pattern (a killed host is replaced at once); a second earns a pause.
        static readonly TimeSpan[] DelaysAfterFailure = { TimeSpan.Zero, TimeSpan.FromSeconds(2) };
        public static readonly TimeSpan DelayAfterReport = TimeSpan.FromSeconds(60);

        public int ConsecutiveFailures { get; private set; }

        public bool GaveUp { get { return ConsecutiveFailures >= FailuresBeforeReport; } }

        // Counts a failed start; true exactly once per run of failures: when it is time to tell the user.
        public bool RecordFailure()
        {
            ++ConsecutiveFailures;
            return ConsecutiveFailures == FailuresBeforeReport;
        }

        public void RecordSuccess() { ConsecutiveFailures = 0; }

        public TimeSpan DelayBeforeNextStart
        {
            get
            {
                if (ConsecutiveFailures == 0)
                    return TimeSpan.Zero;
                if (GaveUp)
                    return DelayAfterReport;
                return DelaysAfterFailure[Math.Min(ConsecutiveFailures - 1, DelaysAfterFailure.Length - 1)];
            }
        }
    }
}
