// The context chips the host keeps (pins, sketches, the selection, Console errors, the scene summary,
// dropped assets and objects) as the window shows them above the composer, and the commands a click or a drop makes.
using System.Collections.Generic;
using System.Globalization;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public sealed class ContextChip
    {
        public string Id;
        public string Kind;      // pin, sketch, selection, console, scene, asset, object
        public string Label;
        public string Text;      // exactly what the model reads; the scene summary's is empty until attached
        public long Bytes;
        public bool Attached;

        // Its kind, the host's label and its size; the scene summary is named in the panel's words, and
        // a kind this window does not know yet is shown as the host names it.
        public string Display
        {
            get
            {
                string kind = PanelStrings.English.ContainsKey("chips.kind." + Kind) ? PanelStrings.Get("chips.kind." + Kind) : Kind;
                string name = Kind == "scene" ? PanelStrings.Get("chips.scene") : kind + " " + Label;
                return Bytes > 0 ? name + " · " + ContextChips.SizeText(Bytes) : name;
            }
        }

        // What the model will read, or, for the scene summary not yet made, what attaching it makes.
        public string Tooltip { get { return Kind == "scene" && Text.Length == 0 ? PanelStrings.Get("chips.scene_hint") : Text; } }
    }

    // A thing dropped onto the composer: an asset (its project path) or a scene object (its hierarchy
    // path). The window fills it from the editor; what becomes of it is decided here, where mono tests it.
    public sealed class DroppedThing
    {
        public string AssetPath;      // empty when the object is not an asset; built-in resources are not the project's
        public string HierarchyPath;  // "/Root/Child" for a GameObject in a scene; empty otherwise
    }

    public sealed class ContextChips
    {
        // What Ask Claude to fix sends: words for the agent, so never translated, and the browser
        // panel's own, so the message reads the same whichever front-end sent it.
        public const string FixPrompt = "Fix the Console error attached to this message.";

        public readonly List<ContextChip> Items = new List<ContextChip>();
        public long AttachedBytes;
        // A snapshot started this connection: the snapshot carries no chips, so they are read once.
        bool m_readDue;
        // Ask Claude to fix: the attach_context sent, whose result decides whether the message goes.
        string m_fixAttachId;
        bool m_fixDue;

        public bool AnyAttached { get { return Items.Exists(chip => chip.Attached); } }

        // What the window compares to decide whether to draw the chips again.
        public string Key
        {
            get
            {
                var parts = Items.ConvertAll(chip => chip.Id + "\t" + chip.Kind + "\t" + chip.Label + "\t" + chip.Bytes + "\t" + chip.Attached + "\t" + chip.Text);
                return AttachedBytes + "\n" + string.Join("\n", parts.ToArray());
            }
        }

        public string Summary
        {
            get
            {
                int attached = Items.FindAll(chip => chip.Attached).Count;
                return attached > 0 ? PanelStrings.Get("chips.attached", "count", attached.ToString(CultureInfo.InvariantCulture), "size", SizeText(AttachedBytes))
                                    : PanelStrings.Get("chips.none_attached");
            }
        }

        public static string SizeText(long bytes)
        {
            if (bytes < 1024)
                return PanelStrings.Get("chips.bytes", "count", bytes.ToString(CultureInfo.InvariantCulture));
            return PanelStrings.Get("chips.kilobytes", "count", (bytes / 1024.0).ToString("0.0", CultureInfo.InvariantCulture));
        }

        // From the transcript, for every message: context events and the command_results that carry
        // the chips replace them; a snapshot means a new connection, which must read them.
        public void Apply(JObject message)
        {
            switch ((string)message["type"])
            {
                case "snapshot":
                    Items.Clear();
                    AttachedBytes = 0;
                    m_readDue = true;
                    m_fixAttachId = null;
                    m_fixDue = false;
                    break;
                case "context":
                    Read(message);
                    break;
                case "command_result":
                    if (m_fixAttachId != null && (string)message["id"] == m_fixAttachId)
                    {
                        m_fixAttachId = null;
                        m_fixDue = (bool?)message["ok"] ?? false;
                    }
                    if (message["items"] is JArray)
                        Read(message);
                    break;
            }
        }

        void Read(JObject state)
        {
            var attached = new HashSet<string>();
            foreach (JToken id in (state["attached"] as JArray) ?? new JArray())
                if (id.Type == JTokenType.String)
                    attached.Add((string)id);
            Items.Clear();
            foreach (JToken item in (state["items"] as JArray) ?? new JArray())
            {
                var chip = item as JObject;
                if (chip == null || chip["id"] == null || chip["id"].Type != JTokenType.String)
                    continue;
                string id = (string)chip["id"];
                Items.Add(new ContextChip
                {
                    Id = id, Kind = (string)chip["kind"] ?? string.Empty, Label = (string)chip["label"] ?? string.Empty,
                    Text = (string)chip["text"] ?? string.Empty, Bytes = (long?)chip["bytes"] ?? 0, Attached = attached.Contains(id),
                });
            }
            AttachedBytes = (long?)state["attached_bytes"] ?? 0;
        }

        List<string> AttachedIds()
        {
            return Items.FindAll(chip => chip.Attached).ConvertAll(chip => chip.Id);
        }

        // A click on a chip: the attachments as they are, with this one switched.
        public string Toggle(PanelCommands commands, string id)
        {
            List<string> ids = AttachedIds();
            if (!ids.Remove(id))
                ids.Add(id);
            return commands.AttachContext(ids);
        }

        // The console chip's button: attach it beside what is attached; the message follows only once
        // the host took the attachment (Due), so a refused attach never sends a request about nothing.
        public string AskToFix(PanelCommands commands)
        {
            List<string> ids = AttachedIds();
            if (!ids.Contains("console"))
                ids.Add("console");
            string command = commands.AttachContext(ids);
            m_fixAttachId = (string)JObject.Parse(command)["id"];
            m_fixDue = false;
            return command;
        }

        // The commands the events just applied call for, each returned once: reading the chips on a
        // new connection, and Ask Claude to fix's message once its attach succeeded.
        public List<string> Due(PanelCommands commands)
        {
            var due = new List<string>();
            if (m_readDue)
                due.Add(commands.AttachContext(null));
            if (m_fixDue)
                due.Add(commands.Send(FixPrompt));
            m_readDue = m_fixDue = false;
            return due;
        }

        public static bool Accepts(DroppedThing dropped)
        {
            return IsProjectPath(dropped.AssetPath) || (string.IsNullOrEmpty(dropped.AssetPath) && IsHierarchyPath(dropped.HierarchyPath));
        }

        // One add_context per dropped thing the host can take, in the order dropped, each once: an
        // asset by its project path (a prefab asset is an asset, not a scene object), else a scene
        // object by its hierarchy path; anything else (a built-in resource, a window) is left out,
        // as the host would refuse it.
        public static List<string> Dropped(PanelCommands commands, IEnumerable<DroppedThing> things)
        {
            var commandsToSend = new List<string>();
            var seen = new HashSet<string>();
            foreach (DroppedThing dropped in things)
            {
                if (!Accepts(dropped))
                    continue;
                if (!string.IsNullOrEmpty(dropped.AssetPath))
                {
                    if (seen.Add("asset\n" + dropped.AssetPath))
                        commandsToSend.Add(commands.AddContextAsset(dropped.AssetPath));
                }
                else if (seen.Add("object\n" + dropped.HierarchyPath))
                {
                    commandsToSend.Add(commands.AddContextObject(dropped.HierarchyPath));
                }
            }
            return commandsToSend;
        }

        static bool IsProjectPath(string path)
        {
            return path != null && (path.StartsWith("Assets/", System.StringComparison.Ordinal) || path.StartsWith("Packages/", System.StringComparison.Ordinal));
        }

        static bool IsHierarchyPath(string path)
        {
            return path != null && path.Length > 1 && path[0] == '/';
        }
    }
}
