// The transcript's cards as UI Toolkit elements: the user's newest message with Retry and Edit,
// the model's thinking folded, tool cards (ToolCardViews) with a subagent's work inside its Agent call's,
// turn summaries with the revert button when the turn has something to revert, and the revert's outcome.
// Each element carries the theme's classes (Theme/AgentPanel.uss).
using System;
using System.Collections.Generic;
using AgentPanel.Panel;
using UnityEngine.UIElements;

namespace AgentPanel.Editor
{
    sealed class CardViews
    {
        readonly PanelCommands m_commands;
        readonly Action<string> m_send;
        readonly ToolCardViews m_tools = new ToolCardViews();
        readonly Dictionary<long, Button> m_revertButtons = new Dictionary<long, Button>();
        // The newest turn's Continue; a later message or turn takes it away.
        Button m_continue;
        // Retry and Edit on the newest message the user typed; a later message takes them away.
        VisualElement m_retryRow;
        // The newest message the user typed and the newest turn end, read before each frame's building:
        // only they carry Retry and Edit, and Continue, however often the list builds older cards again.
        Card m_newestMessage, m_newestTurnEnd;

        public CardViews(PanelCommands commands, Action<string> send)
        {
            m_commands = commands;
            m_send = send;
        }

        // Forgets the drawn cards (the window cleared its list).
        public void Clear()
        {
            m_tools.Clear();
            m_revertButtons.Clear();
            m_continue = null;
            m_retryRow = null;
            m_newestMessage = null;
            m_newestTurnEnd = null;
        }

        // Finds the newest typed message and turn end from the end of the transcript; a newer one than
        // before takes Retry and Edit, or Continue, away from the card that had them.
        public void Newest(Transcript transcript)
        {
            Card message = null, turnEnd = null;
            for (int index = transcript.Cards.Count - 1; index >= 0 && (message == null || turnEnd == null); --index)
            {
                Card card = transcript.Cards[index];
                if (message == null && card.Kind == CardKind.User && !card.Subagent)
                    message = card;
                if (turnEnd == null && (card.Kind == CardKind.TurnFinished || card.Kind == CardKind.User))
                    turnEnd = card;
            }
            if (message != m_newestMessage && m_retryRow != null)
            {
                m_retryRow.Clear();
                m_retryRow = null;
            }
            if (turnEnd != m_newestTurnEnd)
                RetireContinue();
            m_newestMessage = message;
            m_newestTurnEnd = turnEnd;
        }

        public VisualElement Render(Card card)
        {
            switch (card.Kind)
            {
                case CardKind.User: return UserCard(card);
                case CardKind.Assistant: return AssistantCard(card);
                case CardKind.Thinking: return Thinking(card);
                case CardKind.Tool: return m_tools.Render(card);
                case CardKind.TurnFinished: return TurnSummary(card);
                case CardKind.TurnReverted: return RevertOutcome(card);
                case CardKind.Notice: return Labels.Classed(Labels.Long(card.NoticeText()), "uap-notice", "uap-notice-" + Level(card.Level));
                default: return Labels.Classed(Labels.Text(PanelStrings.Get("card.compacted")), "uap-notice", "uap-notice-info");
            }
        }

        // A subagent's item goes inside its Agent call's card when that card is drawn; anything else, and
        // a subagent's item whose call is unknown (marked, indented), follows the conversation in list.
        public void Place(Card card, VisualElement element, VisualElement list)
        {
            if (m_tools.PlaceInside(card, element))
                return;
            element.EnableInClassList("uap-subagent", card.Subagent);
            list.Add(element);
        }

        // Tool cards drawn before their result, progress or subagent's state arrived show it now.
        public void UpdateTools()
        {
            m_tools.Update();
        }

        // The window removed this card from its list.
        public void Forget(VisualElement element)
        {
            m_tools.Forget(element);
        }

        // A subagent's answer says whose it is; the model's own needs no name.
        static VisualElement AssistantCard(Card card)
        {
            VisualElement body = card.Markdown != null ? MarkdownView.Render(card.Markdown) : Labels.Long(card.Text);
            if (!card.Subagent)
                return Labels.Classed(body, "uap-card", "uap-card-assistant");
            VisualElement element = Labels.Classed(new VisualElement(), "uap-card", "uap-card-assistant");
            element.Add(Labels.Classed(Labels.Text(PanelStrings.Get("card.subagent")), "uap-section-title"));
            element.Add(body);
            return element;
        }

        // Folded: the reasoning is there for whoever wants it, without burying the answer.
        static VisualElement Thinking(Card card)
        {
            var fold = new Foldout { text = PanelText.Literal(PanelStrings.Get("card.thinking")), value = false };
            Labels.Classed(fold, "uap-card", "uap-thinking");
            fold.Add(Labels.Long(card.Text));
            if (card.Truncated)
                fold.Add(Labels.Text(PanelStrings.Get("card.thinking_truncated")));
            return fold;
        }

        VisualElement TurnSummary(Card card)
        {
            var summary = new VisualElement();
            Labels.Classed(summary, "uap-turn-summary");
            summary.EnableInClassList("uap-turn-error", card.IsError);
            summary.Add(Labels.Long(PanelStrings.Get("card.turn_finished", "turn", card.TurnId.ToString(), "result", card.Text)));
            if (card.Continuable && card.TurnId > 0 && card == m_newestTurnEnd)
            {
                long interrupted = card.TurnId;
                m_continue = new Button(() => { RetireContinue(); m_send(m_commands.ContinueTurn(interrupted)); }) { text = PanelStrings.Get("card.continue") };
                summary.Add(m_continue);
            }
            // Only a turn that changed the editor under Undo has anything a revert could take back.
            if (!card.Revertible || card.TurnId <= 0)
                return summary;
            long turn = card.TurnId;
            Button revert = null;
            revert = new Button(() => { revert.SetEnabled(false); m_send(m_commands.RevertTurn(turn)); }) { text = PanelStrings.Get("card.revert") };
            revert.SetEnabled(!card.Reverted);
            m_revertButtons[turn] = revert;
            summary.Add(revert);
            if (card.NotRevertible.Count > 0)
            {
                summary.Add(Labels.Text(PanelStrings.Get("card.revert_keeps")));
                foreach (string change in card.NotRevertible)
                    summary.Add(Labels.Text("\u2022 " + change));
            }
            return summary;
        }

        VisualElement UserCard(Card card)
        {
            VisualElement element = Labels.Classed(new VisualElement(), "uap-card", "uap-card-user");
            element.Add(Labels.Long(PanelStrings.Get(card.Subagent ? "card.subagent_task" : "card.you", "text", card.Text)));
            if (card.Subagent || card.Text.Length == 0 || card != m_newestMessage)
                return element;
            if (m_retryRow != null)
                m_retryRow.Clear();
            m_retryRow = Labels.Row();
            ShowRetryButtons(m_retryRow, card.Text);
            element.Add(m_retryRow);
            return element;
        }

        // Retry sends the same words again; Edit opens them in a field whose Send sends the new ones.
        // The host answers with a shortened transcript, which the window draws anew.
        void ShowRetryButtons(VisualElement row, string text)
        {
            row.Clear();
            row.Add(new Button(() => m_send(m_commands.RetryLastMessage(text))) { text = PanelStrings.Get("card.retry") });
            row.Add(new Button(() =>
            {
                row.Clear();
                var field = new TextField { multiline = true, value = text };
                field.style.flexGrow = 1;
                row.Add(field);
                row.Add(new Button(() =>
                {
                    if (field.value.Trim().Length > 0)
                        m_send(m_commands.RetryLastMessage(field.value));
                }) { text = PanelStrings.Get("card.send_edit") });
                row.Add(new Button(() => ShowRetryButtons(row, text)) { text = PanelStrings.Get("card.cancel_edit") });
            }) { text = PanelStrings.Get("card.edit") });
        }

        void RetireContinue()
        {
            if (m_continue != null)
                m_continue.SetEnabled(false);
            m_continue = null;
        }

        // A refused revert gives the button back; a done one keeps it off.
        VisualElement RevertOutcome(Card card)
        {
            Button revert;
            if (m_revertButtons.TryGetValue(card.TurnId, out revert))
                revert.SetEnabled(card.IsError);
            string text = card.IsError
                ? PanelStrings.Get("card.not_reverted", "turn", card.TurnId.ToString(), "reason", card.Text)
                : PanelStrings.Get("card.reverted", "turn", card.TurnId.ToString(), "step", card.Text) +
                  (card.NotRevertible.Count > 0 ? PanelStrings.Get("card.reverted_kept", "tools", string.Join(", ", card.NotRevertible)) : string.Empty);
            return Labels.Classed(Labels.Text(text), "uap-notice", card.IsError ? "uap-notice-warning" : "uap-notice-info");
        }

        // The theme knows these levels; anything else is shown as info.
        static string Level(string level)
        {
            return level == "error" || level == "warning" ? level : "info";
        }
    }
}
