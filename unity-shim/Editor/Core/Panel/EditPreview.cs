// The host's preview of a file edit on a permission card: unified diff hunks against the file on
// disk, or a note saying why there is none. The host computes it, so every front-end shows the same.
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public enum DiffLineKind { Hunk, Context, Added, Removed }

    public sealed class EditPreview
    {
        public string Diff = string.Empty;
        public long Added, Removed;
        public bool Truncated, NewFile;
        public string Note;

        // Null when the card carries no preview (a tool that changes no file).
        public static EditPreview From(JToken token)
        {
            var preview = token as JObject;
            if (preview == null)
                return null;
            return new EditPreview
            {
                Diff = Text(preview["diff"]) ?? string.Empty,
                Added = Number(preview["added"]),
                Removed = Number(preview["removed"]),
                Truncated = Flag(preview["truncated"]),
                NewFile = Flag(preview["new_file"]),
                Note = Text(preview["note"]),
            };
        }

        // The diff's lines, each with how the window colours it.
        public List<KeyValuePair<DiffLineKind, string>> Lines()
        {
            var lines = new List<KeyValuePair<DiffLineKind, string>>();
            foreach (string line in Diff.Split('\n'))
            {
                if (line.Length == 0)
                    continue;
                DiffLineKind kind = line.StartsWith("@@") ? DiffLineKind.Hunk : line[0] == '+' ? DiffLineKind.Added : line[0] == '-' ? DiffLineKind.Removed : DiffLineKind.Context;
                lines.Add(new KeyValuePair<DiffLineKind, string>(kind, line));
            }
            return lines;
        }

        static string Text(JToken token) { return token != null && token.Type == JTokenType.String ? (string)token : null; }
        static long Number(JToken token) { return token != null && token.Type == JTokenType.Integer ? (long)token : 0; }
        static bool Flag(JToken token) { return token != null && token.Type == JTokenType.Boolean && (bool)token; }
    }
}
