// Tells the host about errors, exceptions and failed assertions that reach the Console (event
// consoleError), folded and rate-limited by ConsoleErrorThrottle so a flood cannot swamp the bridge.
using System;
using System.Diagnostics;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Events
{
    [InitializeOnLoad]
    static class ConsoleEventsRelay
    {
        static readonly ConsoleErrorThrottle s_throttle = new ConsoleErrorThrottle();
        static readonly Stopwatch s_clock = Stopwatch.StartNew();
        // Set while this thread sends, so an error raised by the sending itself is not sent again.
        [ThreadStatic] static bool s_sending;

        static ConsoleEventsRelay()
        {
            // The threaded callback also reports errors of other threads, which logMessageReceived
            // (main thread only) misses; it may run on any thread, and the throttle and the bridge's
            // send are both thread-safe.
            Application.logMessageReceivedThreaded += OnLogMessage;
            EditorApplication.update += OnUpdate;
        }

        static void OnLogMessage(string condition, string stackTrace, LogType type)
        {
            string kind = type == LogType.Exception ? "exception" : type == LogType.Assert ? "assert" : type == LogType.Error ? "error" : null;
            if (kind == null || s_sending)
                return;
            JObject data = s_throttle.Offer(kind, condition, stackTrace, s_clock.ElapsedMilliseconds);
            if (data != null)
                Send(data);
        }

        // Repeats and what the limit held back are reported once their window has ended.
        static void OnUpdate()
        {
            foreach (JObject data in s_throttle.Flush(s_clock.ElapsedMilliseconds))
                Send(data);
        }

        static void Send(JObject data)
        {
            s_sending = true;
            try
            {
                BridgeService.SendEditorEvent("consoleError", data);
            }
            finally
            {
                s_sending = false;
            }
        }
    }
}
