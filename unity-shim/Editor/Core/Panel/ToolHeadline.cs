// The one line a collapsed tool card shows: the tool and what it works on (the file, the command,
// the search), so a turn's work reads at a glance and the full input waits behind the fold.
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public static class ToolHeadline
    {
        public const int MaxSubjectLength = 80;

        // The input fields that name what a tool works on, most telling first: Claude Code's file and
        // shell tools, then the searches, then our own tools' paths and names.
        static readonly string[] SubjectFields = { "file_path", "notebook_path", "command", "pattern", "url", "query", "path", "name", "description" };

        // "Edit Assets/Player.cs", "Bash npm test", or the tool alone when its input names nothing.
        public static string For(Card card)
        {
            string subject = Subject(card.ToolInput);
            return subject.Length == 0 ? card.ToolName ?? "tool" : (card.ToolName ?? "tool") + " " + subject;
        }

        // The first subject field's first line, cut at MaxSubjectLength characters; empty when none.
        public static string Subject(string input)
        {
            JObject fields = Parse(input);
            if (fields == null)
                return string.Empty;
            foreach (string name in SubjectFields)
            {
                JToken value = fields[name];
                if (value == null || value.Type != JTokenType.String)
                    continue;
                string text = ((string)value).Trim();
                int newline = text.IndexOfAny(new[] { '\r', '\n' });
                bool cut = newline >= 0;
                if (cut)
                    text = text.Substring(0, newline).TrimEnd();
                if (text.Length > MaxSubjectLength)
                {
                    text = text.Substring(0, MaxSubjectLength);
                    cut = true;
                }
                if (text.Length > 0)
                    return cut ? text + "\u2026" : text;
            }
            return string.Empty;
        }

        static JObject Parse(string input)
        {
            if (string.IsNullOrEmpty(input))
                return null;
            try
            {
                return JToken.Parse(input) as JObject;
            }
            catch (JsonException)
            {
                return null;
            }
        }
    }
}
