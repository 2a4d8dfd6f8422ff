// The panel's view model: host-owned chat state rebuilt from panel protocol v1 events (snapshot,
// then every event). It only holds state; the EditorWindow renders it through PanelText.Literal.
using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public enum CardKind { User, Assistant, Thinking, Tool, TurnFinished, TurnReverted, Notice, Compaction }

    public sealed class Card
    {
        public CardKind Kind;
        // Its place in the transcript counted from the start of its epoch: dropping older cards keeps it.
        public long Number;
        public string Text = string.Empty;   // user/assistant text, notice text, turn result
        public long TurnId;
        public string ToolUseId;
        public string ToolName;
        public string ToolInput;             // compact JSON of the input
        public string ToolResult;            // tool_finished content (≤ 4 KiB from the host)
        public bool IsError;
        public bool Truncated;               // thinking: the host cut it at its bound
        public bool Finished;
        // An item of a subagent's conversation (a user card: the task it was given, not a message the user typed).
        public bool Subagent;
        public Card Parent;                  // a subagent's item: the Agent call's card it goes inside; null when unknown
        public string SubagentPhase;         // an Agent call's card: its subagent started, progress, finished; null before
        public string SubagentText;          // what that subagent does now, or finished: the CLI's word on how it ended
        // Grows whenever the card changes after it was added (a result, progress, its subagent's state),
        // so a view draws a drawn card again only then.
        public int Updates;
        public string Progress;              // tool_progress while the tool runs: "40% · baking lightmaps"; null when none
        public string Level;                 // notice level
        public string NoticeKey;             // notice: the host's message key, or null for text it passes on
        public string[] NoticeParams;        // notice: the key's parameters as name, value pairs
        public List<MarkdownBlock> Markdown; // assistant: the host's tree; null: show Text as plain text
        // turn_finished: the turn changed the editor under Undo, so revert_turn has something to take back.
        public bool Revertible;
        public bool Reverted;                // a turn_reverted with ok arrived for this turn
        // turn_finished: interrupted or cut short by the CLI's exit, so continue_turn may pick it up.
        public bool Continuable;
        // turn_finished: what a revert would leave as it is; turn_reverted: what it left ("tool: reason").
        public List<string> NotRevertible = new List<string>();

        // The subagent's state for the Agent call's header ("subagent completed"); null before any.
        public string SubagentLine()
        {
            if (SubagentPhase == null)
                return null;
            if (SubagentPhase == "finished")
                return PanelStrings.Get("card.subagent_finished", "status", SubagentText.Length > 0 ? SubagentText : "?");
            return SubagentText;
        }

        // A notice in the window's language now when the catalogue has its key; the host's English otherwise.
        public string NoticeText()
        {
            if (NoticeKey == null || !PanelStrings.English.ContainsKey("notice." + NoticeKey))
                return Text;
            return PanelStrings.Get("notice." + NoticeKey, NoticeParams ?? new string[0]);
        }
    }

    public sealed class PermissionCard
    {
        public string PermissionId;
        public string ToolName;
        public string DisplayName;
        public string Description;
        public string Input;
        public List<string> AlwaysAllowRules = new List<string>();
        // What allow-always may save, narrowest first ("file", "folder", "command", "suggested", "tool").
        public List<AlwaysAllowScope> AlwaysAllowScopes = new List<AlwaysAllowScope>();
        public bool ReadOnly, Undoable, Destructive;
        public EditPreview Preview;          // Write, Edit, MultiEdit: the host's diff; otherwise null

        // The scopes a one-click button may save: all but the tool everywhere, unless the card offers
        // nothing narrower (our MCP tools). The tool-wide rule needs the host's tool_wide confirmation.
        public List<AlwaysAllowScope> NarrowScopes()
        {
            List<AlwaysAllowScope> narrow = AlwaysAllowScopes.FindAll(scope => scope.Scope != "tool");
            return narrow.Count > 0 ? narrow : new List<AlwaysAllowScope>(AlwaysAllowScopes);
        }
    }

    public sealed class AlwaysAllowScope
    {
        public string Scope;
        public string Rule;
    }

    public sealed class HistoryEntry
    {
        public string SessionId;
        public string Title;
        public long ModifiedUnixMs;
    }

    public sealed class Transcript
    {
        // Past either bound the oldest cards go: a count (the window builds elements only for the cards
        // in view, so a long session stays cheap to show) and the characters of their texts, so a long
        // session of large replies or thinking blocks does not grow the editor's memory without limit.
        // The newest card stays whatever its size.
        public const int MaxCards = 10000;
        public const long MaxTextChars = 16 * 1024 * 1024;

        // Cards dropped from the front since the last reset, and a number that changes at every reset
        // (snapshot, transcript_reset), so a view knows which of the cards it drew are still here.
        public long Dropped;
        public int Epoch;
        long m_textChars;

        public readonly List<Card> Cards = new List<Card>();
        public readonly List<PermissionCard> PendingPermissions = new List<PermissionCard>();
        public readonly JObject Status = new JObject();
        public string StreamingText = string.Empty;
        public long StreamingTurn;
        public long LastSequence = -1;
        // The last list_history answer, newest first, and the last refused command (shown in the status line).
        public readonly List<HistoryEntry> History = new List<HistoryEntry>();
        public string LastCommandError;
        // The newest integration_install event (Unity's plugin): null until an install ran.
        public JObject LastInstall;
        // The context chips above the composer: context events, the command_results carrying them.
        public readonly ContextChips Chips = new ContextChips();
        // The settings' custom instructions and the user's own quick actions: each follows the answers to its commands.
        public readonly CustomInstructions Instructions = new CustomInstructions();
        public readonly OwnQuickActions OwnActions = new OwnQuickActions();
        // The "@" mention list under the composer: the answers to its complete_mention commands.
        public readonly MentionCompletion Mentions = new MentionCompletion();
        readonly ToolCards m_tools = new ToolCards();
        public int Revision;                 // grows on every change, so the window redraws only when needed

        public string State { get { return (string)Status["state"] ?? "stopped"; } }

        public void Apply(JObject message)
        {
            string type = (string)message["type"];
            JToken sequence = message["seq"];
            if (sequence != null && sequence.Type == JTokenType.Integer)
                LastSequence = (long)sequence;
            Chips.Apply(message);
            Instructions.Apply(message);
            OwnActions.Apply(message);
            Mentions.Apply(message);
            switch (type)
            {
                case "snapshot": ApplySnapshot(message); break;
                case "status": Merge(message["status"] as JObject); break;
                case "text_delta":
                    long turn = (long?)message["turn_id"] ?? 0;
                    if (turn != StreamingTurn) { StreamingText = string.Empty; StreamingTurn = turn; }
                    StreamingText += (string)message["text"] ?? string.Empty;
                    break;
                case "permission_requested": AddPermission(message["permission"] as JObject); break;
                case "command_result": ApplyCommandResult(message); break;
                case "integration_install": LastInstall = (JObject)message.DeepClone(); break;
                case "permission_answered":
                case "permission_withdrawn": RemovePermission((string)message["permission_id"]); break;
                case "transcript_reset":
                    ResetCards();
                    StreamingText = string.Empty;
                    foreach (JToken item in (message["items"] as JArray) ?? new JArray())
                        if (item is JObject) AddItem((JObject)item);
                    break;
                default:
                    AddItem(message); // unknown types are ignored inside AddItem
                    break;
            }
            ++Revision;
        }

        void ApplyCommandResult(JObject result)
        {
            // The "@" list's questions go out as the user types; like the browser panel, the window drops
            // their refusals (a path with "..") without a word, and their answers leave the status line
            // as it was (MentionCompletion reads them).
            if ((string)result["command"] == "complete_mention")
                return;
            bool ok = (bool?)result["ok"] ?? false;
            LastCommandError = ok ? null : (string)result["command"] + ": " + ((string)result["error"] ?? "refused");
            JArray sessions = result["sessions"] as JArray;
            if (sessions == null)
                return;
            History.Clear();
            foreach (JToken session in sessions)
                if (session is JObject)
                    History.Add(new HistoryEntry
                    {
                        SessionId = (string)session["session_id"], Title = (string)session["title"] ?? string.Empty,
                        ModifiedUnixMs = (long?)session["modified_unix_ms"] ?? 0,
                    });
        }

        void ApplySnapshot(JObject snapshot)
        {
            ResetCards();
            PendingPermissions.Clear();
            Status.RemoveAll();
            Merge(snapshot["status"] as JObject);
            foreach (JToken item in (snapshot["transcript"] as JArray) ?? new JArray())
                if (item is JObject) AddItem((JObject)item);
            JObject streaming = snapshot["streaming"] as JObject;
            StreamingText = streaming != null ? (string)streaming["text"] ?? string.Empty : string.Empty;
            StreamingTurn = streaming != null ? (long?)streaming["turn_id"] ?? 0 : 0;
            foreach (JToken permission in (snapshot["pending_permissions"] as JArray) ?? new JArray())
                AddPermission(permission as JObject);
        }

        void Merge(JObject status)
        {
            if (status == null)
                return;
            foreach (JProperty field in status.Properties())
                Status[field.Name] = field.Value.DeepClone();
        }

        void AddItem(JObject item)
        {
            string type = (string)item["type"];
            long turn = (long?)item["turn_id"] ?? 0;
            switch (type)
            {
                case "user_message":
                    AddPlaced(new Card { Kind = CardKind.User, Text = (string)item["text"] ?? string.Empty, TurnId = turn }, item);
                    break;
                case "assistant_message":
                    AddPlaced(new Card { Kind = CardKind.Assistant, Text = (string)item["text"] ?? string.Empty, TurnId = turn, Markdown = MarkdownTree.Read(item["markdown"]) }, item);
                    StreamingText = string.Empty;
                    break;
                case "assistant_thinking":
                    AddPlaced(new Card { Kind = CardKind.Thinking, Text = (string)item["text"] ?? string.Empty, TurnId = turn, Truncated = (bool?)item["truncated"] ?? false }, item);
                    break;
                case "tool_started":
                    AddPlaced(new Card
                    {
                        Kind = CardKind.Tool, TurnId = turn, ToolUseId = (string)item["tool_use_id"], ToolName = (string)item["name"],
                        ToolInput = item["input"] != null ? item["input"].ToString(Newtonsoft.Json.Formatting.None) : "{}",
                    }, item);
                    break;
                case "tool_finished":
                    Card tool = m_tools.Find((string)item["tool_use_id"]);
                    if (tool == null)
                        break;
                    tool.Finished = true;
                    tool.Progress = null;
                    tool.IsError = (bool?)item["is_error"] ?? false;
                    tool.ToolResult = (string)item["content"] ?? string.Empty;
                    ++tool.Updates;
                    break;
                case "tool_progress":
                    Card running = m_tools.Find((string)item["tool_use_id"]);
                    if (running != null && !running.Finished)
                    {
                        running.Progress = ProgressText(item);
                        ++running.Updates;
                    }
                    break;
                case "subagent_task":
                    m_tools.Task(item);
                    break;
                case "turn_finished":
                    Add(new Card
                    {
                        Kind = CardKind.TurnFinished, TurnId = turn, Text = (string)item["subtype"] ?? string.Empty, IsError = (bool?)item["is_error"] ?? false,
                        Revertible = (bool?)item["revertible"] ?? false, NotRevertible = Changes(item["not_revertible"]),
                        Continuable = (bool?)item["continuable"] ?? false,
                    });
                    StreamingText = string.Empty;
                    break;
                case "turn_reverted":
                    bool reverted = (bool?)item["ok"] ?? false;
                    Add(new Card
                    {
                        Kind = CardKind.TurnReverted, TurnId = turn, IsError = !reverted, NotRevertible = Changes(item["not_reverted"]),
                        Text = (string)(reverted ? item["undo_step"] : item["reason"]) ?? string.Empty,
                    });
                    if (reverted)
                        foreach (Card finished in Cards)
                            if (finished.Kind == CardKind.TurnFinished && finished.TurnId == turn)
                                finished.Reverted = true;
                    break;
                case "notice":
                    Add(new Card
                    {
                        Kind = CardKind.Notice, Text = (string)item["text"] ?? string.Empty, Level = (string)item["level"] ?? "info",
                        NoticeKey = (string)item["key"], NoticeParams = NoticeParameters(item["params"] as JObject),
                    });
                    break;
                case "compaction":
                    Add(new Card { Kind = CardKind.Compaction });
                    break;
                case "editor_event":
                    // Selections only change the status: a user clicking around would bury the conversation.
                    string kind = (string)item["kind"];
                    if (kind == "selection" || item["text"] == null)
                        break;
                    bool problem = kind == "console_error" || (kind == "compile" && (string)item["state"] == "compile_failed");
                    Add(new Card
                    {
                        Kind = CardKind.Notice, Text = (string)item["text"], Level = problem ? "warning" : "info",
                        NoticeKey = (string)item["key"], NoticeParams = NoticeParameters(item["params"] as JObject),
                    });
                    break;
            }
        }

        // A notice's params object as the name, value pairs PanelStrings.Get fills placeholders from.
        static string[] NoticeParameters(JObject parameters)
        {
            var pairs = new List<string>();
            if (parameters != null)
                foreach (JProperty parameter in parameters.Properties())
                {
                    pairs.Add(parameter.Name);
                    pairs.Add(parameter.Value.Type == JTokenType.String ? (string)parameter.Value : parameter.Value.ToString());
                }
            return pairs.ToArray();
        }

        // What a tool reported last: the share done when it knows its total, and its words.
        public static string ProgressText(JObject report)
        {
            double progress = (double?)report["progress"] ?? 0;
            double total = (double?)report["total"] ?? 0;
            string share = total > 0 ? Math.Min(100, (int)Math.Round(100 * progress / total)) + "%" : null;
            string words = (string)report["message"];
            if (string.IsNullOrEmpty(words))
                return share ?? string.Empty;
            return share == null ? words : share + " \u00b7 " + words;
        }

        // A turn's changes as "tool: reason" lines (turn_finished's not_revertible, turn_reverted's not_reverted).
        static List<string> Changes(JToken changes)
        {
            var lines = new List<string>();
            foreach (JToken change in (changes as JArray) ?? new JArray())
                if (change is JObject)
                    lines.Add(((string)change["tool"] ?? "?") + ": " + ((string)change["reason"] ?? string.Empty));
            return lines;
        }

        void ResetCards()
        {
            Cards.Clear();
            m_tools.Clear();
            Dropped = 0;
            m_textChars = 0;
            ++Epoch;
        }

        // A card of the conversation or of a subagent's, linked to the Agent call it works for.
        void AddPlaced(Card card, JObject item)
        {
            m_tools.Place(card, item);
            Add(card);
        }

        void Add(Card card)
        {
            card.Number = Dropped + Cards.Count;
            Cards.Add(card);
            m_tools.Added(card);
            m_textChars += TextChars(card);
            int drop = 0;
            long kept = m_textChars;
            while (Cards.Count - drop > 1 && (Cards.Count - drop > MaxCards || kept > MaxTextChars))
                kept -= TextChars(Cards[drop++]);
            if (drop == 0)
                return;
            for (int index = 0; index < drop; ++index)
                m_tools.Dropped(Cards[index]);
            Cards.RemoveRange(0, drop);
            m_textChars = kept;
            Dropped += drop;
        }

        // What a card's texts hold when it is added (a tool's result comes later and is at most 4 KiB).
        static long TextChars(Card card)
        {
            return card.Text.Length + (card.ToolInput != null ? card.ToolInput.Length : 0);
        }

        void AddPermission(JObject permission)
        {
            if (permission == null)
                return;
            JObject metadata = permission["metadata"] as JObject;
            var card = new PermissionCard
            {
                PermissionId = (string)permission["permission_id"],
                ToolName = (string)permission["tool_name"],
                DisplayName = (string)permission["display_name"],
                Description = (string)permission["description"],
                Input = permission["input"] != null ? permission["input"].ToString(Newtonsoft.Json.Formatting.Indented) : "{}",
                ReadOnly = metadata != null && ((bool?)metadata["read_only"] ?? false),
                Undoable = metadata != null && ((bool?)metadata["undoable"] ?? false),
                Destructive = metadata != null && ((bool?)metadata["destructive"] ?? false),
                Preview = EditPreview.From(permission["preview"]),
            };
            foreach (JToken rule in (permission["always_allow_rules"] as JArray) ?? new JArray())
                card.AlwaysAllowRules.Add(rule.Type == JTokenType.String ? (string)rule : rule.ToString(Newtonsoft.Json.Formatting.None));
            foreach (JToken scope in (permission["always_allow_scopes"] as JArray) ?? new JArray())
            {
                var choice = scope as JObject;
                if (choice != null && choice["rule"] != null && choice["rule"].Type == JTokenType.String)
                    card.AlwaysAllowScopes.Add(new AlwaysAllowScope { Scope = (string)choice["scope"] ?? string.Empty, Rule = (string)choice["rule"] });
            }
            RemovePermission(card.PermissionId);
            PendingPermissions.Add(card);
        }

        void RemovePermission(string permissionId)
        {
            PendingPermissions.RemoveAll(card => card.PermissionId == permissionId);
        }
    }
}
