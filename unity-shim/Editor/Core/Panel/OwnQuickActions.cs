// The user's own quick actions for this project, kept by the host: read once per connection, shown
// before the profiles' ones above the composer, and added or deleted in the settings.
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public sealed class OwnQuickActions
    {
        public readonly List<QuickAction> Items = new List<QuickAction>();
        // Where the host keeps them (UserSettings/AgentPanel/quick-actions.json); empty until read.
        public string File = string.Empty;
        // A snapshot started this connection: the snapshot carries no quick actions, so they are read once.
        bool m_readDue;
        // The set_quick_actions sent last and whether it changed the list (a read only shows a refusal).
        string m_pendingId;
        bool m_pendingWrite, m_pendingAdd;
        bool m_answered, m_answerOk, m_answerWasWrite, m_added;
        string m_refusal;

        // The host's answer to the last change: saved, or its refusal; a read that succeeded says nothing.
        public string Answer
        {
            get
            {
                if (!m_answered)
                    return string.Empty;
                if (!m_answerOk)
                    return m_refusal;
                return m_answerWasWrite ? PanelStrings.Get("own_actions.saved") : string.Empty;
            }
        }

        public bool AnswerIsRefusal { get { return m_answered && !m_answerOk; } }

        // What the window compares to decide whether to draw the list, the buttons and the answer again.
        public string Key
        {
            get
            {
                var parts = Items.ConvertAll(action => action.Label + "\t" + action.Prompt);
                return Answer + "\n" + string.Join("\n", parts.ToArray());
            }
        }

        public void Apply(JObject message)
        {
            switch ((string)message["type"])
            {
                case "snapshot":
                    m_readDue = true;
                    m_pendingId = null;
                    break;
                case "quick_actions":
                    Read(message);
                    break;
                case "command_result":
                    if (m_pendingId == null || (string)message["id"] != m_pendingId)
                        break;
                    m_pendingId = null;
                    m_answered = true;
                    m_answerOk = (bool?)message["ok"] ?? false;
                    m_answerWasWrite = m_pendingWrite;
                    m_refusal = m_answerOk ? null : (string)message["error"] ?? "refused";
                    m_added = m_answerOk && m_pendingAdd;
                    if (m_answerOk)
                        Read(message);
                    break;
            }
        }

        void Read(JObject state)
        {
            Items.Clear();
            foreach (JToken entry in (state["actions"] as JArray) ?? new JArray())
            {
                var action = entry as JObject;
                string prompt = action != null ? (string)action["prompt"] : null;
                if (string.IsNullOrEmpty(prompt))
                    continue;
                Items.Add(new QuickAction { Id = "own." + Items.Count, Label = (string)action["label"] ?? prompt, Prompt = prompt });
            }
            File = (string)state["file"] ?? File;
        }

        // The read a new connection needs, returned once.
        public List<string> Due(PanelCommands commands)
        {
            var due = new List<string>();
            if (m_readDue)
                due.Add(Send(commands, null, false));
            m_readDue = false;
            return due;
        }

        // The form's Add: the list as it is plus the new one. Null (nothing sent) while the label or
        // the prompt is empty, as the browser's form requires both.
        public string Add(PanelCommands commands, string label, string prompt)
        {
            label = (label ?? string.Empty).Trim();
            prompt = (prompt ?? string.Empty).Trim();
            if (label.Length == 0 || prompt.Length == 0)
                return null;
            List<QuickAction> actions = new List<QuickAction>(Items);
            actions.Add(new QuickAction { Label = label, Prompt = prompt });
            return Send(commands, actions, true);
        }

        // The list without that one; null (nothing sent) for an index the list does not have.
        public string Delete(PanelCommands commands, int index)
        {
            if (index < 0 || index >= Items.Count)
                return null;
            List<QuickAction> actions = new List<QuickAction>(Items);
            actions.RemoveAt(index);
            return Send(commands, actions, false);
        }

        // True once after an Add the host took, so the window empties the form only then.
        public bool TakeAdded()
        {
            bool added = m_added;
            m_added = false;
            return added;
        }

        // The buttons above the composer: the user's own first, then the active profiles'.
        public List<QuickAction> Buttons(JObject status, PanelLanguage language)
        {
            List<QuickAction> buttons = new List<QuickAction>(Items);
            buttons.AddRange(StatusView.QuickActions(status, language));
            return buttons;
        }

        string Send(PanelCommands commands, List<QuickAction> actions, bool adding)
        {
            string command = commands.SetQuickActions(actions);
            m_pendingId = (string)JObject.Parse(command)["id"];
            m_pendingWrite = actions != null;
            m_pendingAdd = adding;
            return command;
        }
    }
}
