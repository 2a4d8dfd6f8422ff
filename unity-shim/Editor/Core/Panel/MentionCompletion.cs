// "@path" mentions in the composer, as the browser panel has them: the word at the caret that starts
// with "@", the host's complete_mention for it (one folder at a time), and the picked entry put in place.
// The message keeps "@path" as typed; the model reads the file with its own tools.
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public sealed class MentionCandidate
    {
        public string Path;    // "Assets/Docs/" for a folder, "Assets/Docs/notes.txt" for a file
        public bool Folder;
    }

    // A mention being typed: the "@" at At, the path typed between it and the caret, and where the word
    // ends (past the caret when the caret sits inside it), which a pick replaces whole.
    public sealed class MentionToken
    {
        public int At;
        public int End;
        public string Prefix;
    }

    // A picked entry in the text: the new text, where the caret goes, and whether a folder was picked
    // (its entries are asked for next).
    public sealed class MentionPick
    {
        public string Text;
        public int Caret;
        public bool Folder;
    }

    public sealed class MentionCompletion
    {
        public readonly List<MentionCandidate> Candidates = new List<MentionCandidate>();
        public bool Truncated;
        public int Selected;
        // Grows with every change of the list or the selection, so the window redraws only then.
        public int Revision;
        // The prefix asked for last (or picked, for a file), so one word is asked about once; null asks anew.
        string m_askedPrefix;
        // The complete_mention whose answer is awaited: an answer to an older one is stale.
        string m_askedId;

        public bool Open { get { return Candidates.Count > 0; } }

        // The mention at the caret, or null: an "@" at the start of the text or after whitespace (never
        // inside a word, so me@example.com is no mention), followed by no whitespace or "@" up to the caret.
        public static MentionToken Find(string text, int caret)
        {
            if (text == null || caret < 0 || caret > text.Length)
                return null;
            int at = caret - 1;
            while (at >= 0 && text[at] != '@' && !char.IsWhiteSpace(text[at]))
                --at;
            if (at < 0 || text[at] != '@' || (at > 0 && !char.IsWhiteSpace(text[at - 1])))
                return null;
            int end = caret;
            while (end < text.Length && !char.IsWhiteSpace(text[end]))
                ++end;
            return new MentionToken { At = at, End = end, Prefix = text.Substring(at + 1, caret - at - 1) };
        }

        // Called whenever the text or the caret may have moved: a complete_mention command when the
        // mention's path is one not asked about yet, else null. Without a mention the list closes.
        public string Ask(PanelCommands commands, string text, int caret)
        {
            MentionToken token = Find(text, caret);
            if (token == null)
            {
                m_askedPrefix = null;
                m_askedId = null;
                Clear();
                return null;
            }
            if (token.Prefix == m_askedPrefix)
                return null;
            m_askedPrefix = token.Prefix;
            string command = commands.CompleteMention(token.Prefix);
            m_askedId = (string)JObject.Parse(command)["id"];
            return command;
        }

        // From the transcript, for every message: only the answer to the newest question matters. A
        // refusal (a path with "..", a link) closes the list and nothing more, as in the browser panel.
        public void Apply(JObject message)
        {
            if ((string)message["type"] != "command_result" || m_askedId == null || (string)message["id"] != m_askedId)
                return;
            m_askedId = null;
            Candidates.Clear();
            Selected = 0;
            Truncated = (bool?)message["truncated"] ?? false;
            if ((bool?)message["ok"] ?? false)
                foreach (JToken entry in (message["candidates"] as JArray) ?? new JArray())
                    if (entry is JObject && entry["path"] != null && entry["path"].Type == JTokenType.String)
                        Candidates.Add(new MentionCandidate { Path = (string)entry["path"], Folder = (bool?)entry["folder"] ?? false });
            ++Revision;
        }

        // Up and Down, wrapping around.
        public void Move(int step)
        {
            if (!Open)
                return;
            Selected = ((Selected + step) % Candidates.Count + Candidates.Count) % Candidates.Count;
            ++Revision;
        }

        // Escape: the list closes and stays closed until the typed path changes.
        public void Close()
        {
            m_askedId = null;
            Clear();
        }

        // Puts the selected entry in place of the mention's word. A file gets a space after it unless
        // one follows already; a folder none, so the next Ask lists what is in it.
        public MentionPick Pick(string text, int caret)
        {
            return Pick(text, caret, Selected);
        }

        public MentionPick Pick(string text, int caret, int index)
        {
            MentionToken token = Find(text, caret);
            if (token == null || index < 0 || index >= Candidates.Count)
                return null;
            MentionCandidate picked = Candidates[index];
            string rest = text.Substring(token.End);
            string inserted = picked.Path + (picked.Folder || (rest.Length > 0 && char.IsWhiteSpace(rest[0])) ? string.Empty : " ");
            int caretAfter = token.At + 1 + inserted.Length;
            // A file's path is not asked about again when the caret stays at its end.
            m_askedPrefix = picked.Folder ? null : picked.Path;
            m_askedId = null;
            Clear();
            return new MentionPick { Text = text.Substring(0, token.At + 1) + inserted + rest, Caret = caretAfter, Folder = picked.Folder };
        }

        void Clear()
        {
            if (Candidates.Count == 0 && Selected == 0 && !Truncated)
                return;
            Candidates.Clear();
            Selected = 0;
            Truncated = false;
            ++Revision;
        }
    }
}
