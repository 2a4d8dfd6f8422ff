// Which Console errors become consoleError events: identical ones folded into counts, at most a few
// events per window, long texts clipped. Unity-free and thread-safe, so it is tested under mono.
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Bridge
{
    public sealed class ConsoleErrorThrottle
    {
        public const int EventsPerWindow = 20;
        public const long WindowMilliseconds = 10000;
        public const int MaxMessageChars = 8000;
        public const int MaxStackTraceChars = 4000;
        // Distinct errors remembered in one window; beyond it an error counts as not sent one by one.
        const int MaxRemembered = 100;
        public const string NotSentMessage = "(Console errors the package's rate limit did not send one by one; the Console lists them)";

        readonly object m_gate = new object();
        readonly Dictionary<string, Folded> m_window = new Dictionary<string, Folded>();
        long m_windowStart = -1;
        int m_sent;
        long m_notSent;

        sealed class Folded
        {
            public string Type;
            public string Message;
            public long Repeats;
        }

        // The event to send now for this error, or null when it is folded into an earlier one or over the limit.
        public JObject Offer(string type, string message, string stackTrace, long nowMilliseconds)
        {
            message = Clip(message, MaxMessageChars);
            string key = type + "\n" + message;
            lock (m_gate)
            {
                if (m_windowStart < 0)
                    m_windowStart = nowMilliseconds;
                Folded folded;
                if (m_window.TryGetValue(key, out folded))
                {
                    folded.Repeats++;
                    return null;
                }
                if (m_sent >= EventsPerWindow || m_window.Count >= MaxRemembered)
                {
                    m_notSent++;
                    return null;
                }
                m_sent++;
                m_window[key] = new Folded { Type = type, Message = message };
            }
            var data = new JObject { { "type", type }, { "message", message }, { "count", 1 } };
            if (!string.IsNullOrEmpty(stackTrace))
                data["stackTrace"] = Clip(stackTrace, MaxStackTraceChars);
            return data;
        }

        // Once the window has run its length: one event per error that repeated (count: its repeats) and
        // one for what the limit did not send; the next window starts empty.
        public List<JObject> Flush(long nowMilliseconds)
        {
            var events = new List<JObject>();
            lock (m_gate)
            {
                if (m_windowStart < 0 || nowMilliseconds - m_windowStart < WindowMilliseconds)
                    return events;
                foreach (Folded folded in m_window.Values)
                    if (folded.Repeats > 0)
                        events.Add(new JObject { { "type", folded.Type }, { "message", folded.Message }, { "count", folded.Repeats } });
                if (m_notSent > 0)
                    events.Add(new JObject { { "type", "error" }, { "message", NotSentMessage }, { "count", m_notSent } });
                m_window.Clear();
                m_windowStart = -1;
                m_sent = 0;
                m_notSent = 0;
            }
            return events;
        }

        // Cut on a character boundary: a surrogate pair is never split, so the JSON stays valid UTF-16.
        static string Clip(string text, int chars)
        {
            if (text == null)
                return "";
            if (text.Length <= chars)
                return text;
            int end = chars;
            if (char.IsHighSurrogate(text[end - 1]))
                end--;
            return text.Substring(0, end) + "...";
        }
    }
}
