// The window's first-run card above the composer: the problem, what the host found, the command
// that fixes it with Copy, "Check again" and the subscription-only switch. Drawn again only when
// what it shows changes, so a click is never lost to a redraw.
using System;
using AgentPanel.Panel;
using Newtonsoft.Json.Linq;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor
{
    sealed class SignInView
    {
        readonly PanelCommands m_commands;
        readonly Action<string> m_send;
        SignInCard m_shown;
        string m_shownKey = string.Empty;

        public SignInView(PanelCommands commands, Action<string> send)
        {
            m_commands = commands;
            m_send = send;
            Element = new VisualElement();
        }

        // Always in the window, and empty (taking no room) while there is no card.
        public VisualElement Element { get; private set; }

        public void Render(JObject status)
        {
            m_shown = SignInCard.From(status, m_shown);
            string key = m_shown != null ? m_shown.Key : string.Empty;
            if (key == m_shownKey)
                return;
            m_shownKey = key;
            Element.Clear();
            if (m_shown == null)
                return;
            VisualElement card = Labels.Classed(new VisualElement(), "uap-sign-in-card");
            card.Add(Labels.Classed(Labels.Text(m_shown.Title), "uap-sign-in-title"));
            card.Add(Labels.Text(m_shown.Explanation));
            if (m_shown.Detail.Length > 0)
                card.Add(Labels.Classed(Labels.Text(m_shown.Detail), "uap-sign-in-detail"));
            if (m_shown.FixCommand.Length > 0)
            {
                VisualElement command = Labels.Row();
                string text = m_shown.FixCommand;
                command.Add(Labels.Classed(Labels.Text(text), "uap-sign-in-command"));
                command.Add(new Button(() => GUIUtility.systemCopyBuffer = text) { text = PanelStrings.Get("signin.copy") });
                card.Add(command);
            }
            VisualElement buttons = Labels.Row();
            var again = new Button(() => m_send(m_commands.CheckSignIn())) { text = PanelStrings.Get(m_shown.Checking ? "signin.checking" : "signin.check_again") };
            again.SetEnabled(!m_shown.Checking);
            buttons.Add(again);
            var subscriptionOnly = new Toggle(PanelStrings.Get("signin.subscription_only")) { value = m_shown.SubscriptionOnly };
            subscriptionOnly.RegisterValueChangedCallback(change => m_send(m_commands.SetAuthMode(subscriptionOnly.value)));
            buttons.Add(subscriptionOnly);
            card.Add(buttons);
            Element.Add(card);
        }
    }
}
