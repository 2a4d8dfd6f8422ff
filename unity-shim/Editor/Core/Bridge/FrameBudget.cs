// How long the main thread may run bridge requests in one editor frame: a per-user setting, read as
// whole milliseconds and kept within bounds, so a typo cannot stall the editor or starve the bridge.
using System;

namespace AgentPanel.Bridge
{
    public static class FrameBudget
    {
        // Room for a burst of sixteen ordinary primitives in one frame while a focused editor keeps close to
        // 60 frames a second; the budget before this setting was 25 ms.
        public const int DefaultMs = 10;
        public const int MinimumMs = 1;
        public const int MaximumMs = 100;

        // The budget a setting's text names; null or empty gives the default. problem says what was
        // refused and why when the text is not a whole number within the bounds (the default is used then).
        public static TimeSpan Parse(string text, out string problem)
        {
            problem = null;
            if (string.IsNullOrEmpty(text))
                return TimeSpan.FromMilliseconds(DefaultMs);
            int milliseconds;
            if (!int.TryParse(text.Trim(), out milliseconds) || milliseconds < MinimumMs || milliseconds > MaximumMs)
            {
                problem = "the main-thread budget '" + text + "' is not a whole number of milliseconds from " + MinimumMs + " to " + MaximumMs +
                          "; using " + DefaultMs + " ms (set it in Project Settings > Agent Panel)";
                return TimeSpan.FromMilliseconds(DefaultMs);
            }
            return TimeSpan.FromMilliseconds(milliseconds);
        }
    }
}
