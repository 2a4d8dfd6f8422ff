// Quick actions: the buttons above the composer (the user's own, then the active profiles'; a click
// fills the message box and sends nothing) and, in the settings, the user's own list with Delete and Add.
using System;
using System.Collections.Generic;
using AgentPanel.Panel;
using Newtonsoft.Json.Linq;
using UnityEngine.UIElements;

namespace AgentPanel.Editor
{
    sealed class QuickActionsView
    {
        readonly PanelCommands m_commands;
        readonly Action<string> m_send;
        readonly Action<string> m_fill;
        readonly OwnQuickActions m_own;
        readonly VisualElement m_list;
        readonly TextField m_label, m_prompt;
        readonly Label m_answer;
        // What the buttons and the settings' list show, so each is drawn again only on a change.
        string m_shownButtons, m_shownList;

        // fill: puts a prompt into the composer.
        public QuickActionsView(PanelCommands commands, Action<string> send, Action<string> fill, OwnQuickActions own)
        {
            m_commands = commands;
            m_send = send;
            m_fill = fill;
            m_own = own;
            Bar = Labels.Row("uap-quick-actions");
            Settings = new Foldout { text = PanelStrings.Get("own_actions.title"), value = false };
            Settings.Add(Labels.Classed(Labels.Text(PanelStrings.Get("own_actions.help")), "uap-settings-help"));
            m_list = new VisualElement();
            Settings.Add(m_list);
            m_label = new TextField(PanelStrings.Get("own_actions.label"));
            m_prompt = new TextField(PanelStrings.Get("own_actions.prompt")) { multiline = true };
            Settings.Add(m_label);
            Settings.Add(m_prompt);
            VisualElement row = Labels.Row();
            row.Add(new Button(Add) { text = PanelStrings.Get("own_actions.add") });
            m_answer = Labels.Text(string.Empty);
            row.Add(m_answer);
            Settings.Add(row);
        }

        public VisualElement Bar { get; private set; }
        public Foldout Settings { get; private set; }

        void Add()
        {
            string command = m_own.Add(m_commands, m_label.value, m_prompt.value);
            if (command != null)
                m_send(command);
        }

        public void Render(JObject status)
        {
            if (m_own.TakeAdded())
                m_label.value = m_prompt.value = string.Empty;
            RenderButtons(m_own.Buttons(status, PanelStrings.Language));
            if (m_own.Key == m_shownList)
                return;
            m_shownList = m_own.Key;
            m_answer.text = PanelText.Literal(m_own.Answer);
            m_answer.EnableInClassList("uap-settings-refused", m_own.AnswerIsRefusal);
            m_list.Clear();
            if (m_own.Items.Count == 0)
                m_list.Add(Labels.Classed(Labels.Text(PanelStrings.Get("own_actions.none")), "uap-settings-help"));
            for (int index = 0; index < m_own.Items.Count; ++index)
            {
                int deleted = index;
                QuickAction action = m_own.Items[index];
                VisualElement entry = Labels.Row("uap-own-action");
                entry.Add(new Button(() => m_send(m_own.Delete(m_commands, deleted))) { text = PanelStrings.Get("own_actions.delete") });
                entry.Add(Labels.Text(action.Label));
                entry.Add(Labels.Classed(Labels.Text(action.Prompt), "uap-settings-help"));
                m_list.Add(entry);
            }
        }

        void RenderButtons(List<QuickAction> actions)
        {
            string key = string.Join("\n", actions.ConvertAll(action => action.Id + "\t" + action.Label + "\t" + action.Prompt).ToArray());
            if (key == m_shownButtons)
                return;
            m_shownButtons = key;
            Bar.Clear();
            if (actions.Count == 0)
                return;
            Bar.Add(Labels.Text(PanelStrings.Get("quick_actions.label")));
            foreach (QuickAction action in actions)
            {
                string prompt = action.Prompt;
                Bar.Add(new Button(() => m_fill(prompt)) { text = PanelText.Literal(action.Label), tooltip = PanelText.Tooltip(prompt) });
            }
        }
    }
}
