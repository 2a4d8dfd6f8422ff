// The permission and question cards above the composer. A new card takes the keyboard (unless the
// user types into a field holding text), Y, N and A answer a permission card that holds it
// (PermissionKeys), and the card holding it is kept across domain reloads (KeptCardFocus).
using System;
using System.Collections.Generic;
using AgentPanel.Panel;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor
{
    sealed class PermissionCardViews
    {
        const int MaxDiffLines = 400;
        readonly PanelCommands m_commands;
        readonly Action<string> m_send;
        readonly PermissionKeys m_keys = new PermissionKeys();
        readonly KeptCardFocus m_keptFocus;
        // Cards are kept by permission id, so a redraw never loses a half-typed deny message or the
        // choices picked in a question; only answered cards go and new ones come.
        readonly Dictionary<string, VisualElement> m_cards = new Dictionary<string, VisualElement>();

        public readonly VisualElement Element = new VisualElement();

        public PermissionCardViews(PanelCommands commands, Action<string> send, KeptCardFocus keptFocus)
        {
            m_commands = commands;
            m_send = send;
            m_keptFocus = keptFocus;
        }

        public void Render(Transcript transcript)
        {
            // The kept card is looked for once the connection's snapshot has brought the pending cards
            // (the first snapshot starts epoch 1); an empty window before it has nothing to give focus to.
            string restore = transcript.Epoch > 0 ? m_keptFocus.Restore(transcript.PendingPermissions) : null;
            // Focus moves once events are processed, so the holder is followed here as cards take it.
            KeyboardHolder holder = Holder();
            var pending = new HashSet<string>();
            foreach (PermissionCard permission in transcript.PendingPermissions)
            {
                pending.Add(permission.PermissionId);
                if (m_cards.ContainsKey(permission.PermissionId))
                    continue;
                QuestionForm form = QuestionForm.For(permission);
                VisualElement card = form != null ? QuestionCard(form) : PermissionCardElement(permission);
                card.focusable = true;
                m_cards.Add(permission.PermissionId, card);
                Element.Add(card);
                if (permission.PermissionId == restore || (restore == null && PermissionKeys.TakesFocus(holder)))
                {
                    card.Focus();
                    holder = KeyboardHolder.PermissionCard;
                }
            }
            foreach (string answered in new List<string>(m_cards.Keys))
            {
                if (pending.Contains(answered))
                    continue;
                Element.Remove(m_cards[answered]);
                m_cards.Remove(answered);
            }
        }

        // Called on every refresh: the card holding the keyboard itself, for the session store.
        public void KeepFocus()
        {
            var focused = Element.focusController != null ? Element.focusController.focusedElement as VisualElement : null;
            string id = null;
            foreach (KeyValuePair<string, VisualElement> card in m_cards)
                if (ReferenceEquals(card.Value, focused))
                    id = card.Key;
            m_keptFocus.Keep(id);
        }

        // What holds the keyboard: a card or anything inside one, a text field (TextField is the element
        // the focus controller names while its inner input is edited), or nothing of ours.
        KeyboardHolder Holder()
        {
            var focused = Element.focusController != null ? Element.focusController.focusedElement as VisualElement : null;
            if (focused == null)
                return KeyboardHolder.Nothing;
            foreach (VisualElement card in m_cards.Values)
                if (ReferenceEquals(card, focused) || card.Contains(focused))
                    return KeyboardHolder.PermissionCard;
            TextField field = focused.GetFirstOfType<TextField>();
            if (field == null)
                return KeyboardHolder.Nothing;
            return string.IsNullOrEmpty(field.value) ? KeyboardHolder.EmptyField : KeyboardHolder.FieldWithText;
        }

        VisualElement PermissionCardElement(PermissionCard permission)
        {
            VisualElement card = Labels.Classed(new VisualElement(), "uap-permission-card");
            card.EnableInClassList("uap-permission-destructive", permission.Destructive);
            string badges = (permission.ReadOnly ? PanelStrings.Get("permission.read_only") : string.Empty) +
                            (permission.Undoable ? PanelStrings.Get("permission.undoable") : string.Empty) +
                            (permission.Destructive ? PanelStrings.Get("permission.destructive") : string.Empty);
            card.Add(Labels.Long(PanelStrings.Get("permission.ask", "tool", permission.DisplayName ?? permission.ToolName) + badges + "\n" + permission.Input));
            if (permission.Preview != null)
                card.Add(PreviewElement(permission.Preview));
            VisualElement buttons = Labels.Row();
            var denyMessage = new TextField();
            string id = permission.PermissionId;
            buttons.Add(new Button(() => m_send(m_commands.AnswerPermission(id, PermissionDecision.Allow, null))) { text = PanelStrings.Get("permission.allow") });
            // One button per narrow rule, naming the rule it saves; the tool everywhere is left to the browser panel's explicit choice.
            List<AlwaysAllowScope> narrow = permission.NarrowScopes();
            foreach (AlwaysAllowScope scope in narrow)
            {
                string rule = scope.Rule;
                buttons.Add(new Button(() => m_send(m_commands.AllowAlways(id, rule))) { text = PanelText.Literal(PanelStrings.Get("permission.always_rule", "rule", rule)) });
            }
            buttons.Add(new Button(() => m_send(m_commands.AnswerPermission(id, PermissionDecision.Deny, denyMessage.value))) { text = PanelStrings.Get("permission.deny") });
            buttons.Add(denyMessage);
            card.Add(buttons);
            // The keys, named on the card: A saves the first button's rule.
            card.Add(Labels.Classed(Labels.Text(narrow.Count > 0 ? PanelStrings.Get("permission.keys_always", "rule", narrow[0].Rule) : PanelStrings.Get("permission.keys")),
                                    "uap-settings-help"));
            card.RegisterCallback<KeyDownEvent>(key => OnCardKey(key, card, permission, denyMessage));
            return card;
        }

        // Y, N and A answer the card only while the card itself holds the keyboard: a key typed into its
        // deny-message field is text. The character is read, not the key code, as the browser reads the
        // key's character: with physical keys a key code names a place on the keyboard, not the letter.
        void OnCardKey(KeyDownEvent key, VisualElement card, PermissionCard permission, TextField denyMessage)
        {
            if (!ReferenceEquals(key.target, card))
                return;
            var modifiers = KeyModifiers.None;
            if (key.shiftKey) modifiers |= KeyModifiers.Shift;
            if (key.ctrlKey) modifiers |= KeyModifiers.Control;
            if (key.commandKey) modifiers |= KeyModifiers.Command;
            if (key.altKey) modifiers |= KeyModifiers.Alt;
            CompositionState composition = string.IsNullOrEmpty(Input.compositionString) ? CompositionState.None : CompositionState.Composing;
            string command = m_keys.Answer(m_commands, permission, key.character, modifiers, composition, denyMessage.value);
            if (command == null)
                return;
            m_send(command);
            KeyEvents.Swallow(key, card);
        }

        // The host's diff, one label per line (so no label nears UI Toolkit's vertex limit), each with a
        // class a theme colours; past MaxDiffLines the rest is counted, not drawn.
        static VisualElement PreviewElement(EditPreview preview)
        {
            var element = new VisualElement();
            if (preview.Diff.Length == 0)
            {
                if (preview.Note != null)
                    element.Add(Labels.Text(PanelStrings.Get("permission.no_preview", "reason", preview.Note)));
                return element;
            }
            element.Add(Labels.Text(PanelStrings.Get(preview.NewFile ? "permission.diff_new_file" : "permission.diff_summary",
                                              "added", preview.Added.ToString(), "removed", preview.Removed.ToString())));
            List<KeyValuePair<DiffLineKind, string>> lines = preview.Lines();
            for (int index = 0; index < lines.Count && index < MaxDiffLines; ++index)
            {
                VisualElement line = Labels.Long(lines[index].Value);
                line.AddToClassList("uap-diff-" + lines[index].Key.ToString().ToLowerInvariant());
                element.Add(line);
            }
            if (lines.Count > MaxDiffLines)
                element.Add(Labels.Text(PanelStrings.Get("permission.diff_more_lines", "count", (lines.Count - MaxDiffLines).ToString())));
            if (preview.Truncated)
                element.Add(Labels.Text(PanelStrings.Get("permission.diff_truncated")));
            return element;
        }

        // AskUserQuestion: radio buttons for a single choice, toggles for several, an Other field each.
        // The picks are read when Submit is pressed, so the form needs no change callbacks.
        VisualElement QuestionCard(QuestionForm form)
        {
            VisualElement card = Labels.Classed(new VisualElement(), "uap-permission-card");
            card.Add(Labels.Text(PanelStrings.Get("question.title")));
            var readers = new List<Action>();
            foreach (Question question in form.Questions)
            {
                Question asked = question;
                card.Add(Labels.Text((asked.Header.Length > 0 ? asked.Header + ": " : string.Empty) + asked.Text));
                var labels = asked.Choices.ConvertAll(choice => PanelText.Literal(choice.Description.Length > 0 ? choice.Label + " — " + choice.Description : choice.Label));
                var other = new TextField(PanelStrings.Get("question.other"));
                if (asked.MultiSelect)
                {
                    var toggles = labels.ConvertAll(label => new Toggle(label));
                    toggles.ForEach(card.Add);
                    readers.Add(() => { for (int choice = 0; choice < toggles.Count; ++choice) asked.Pick(choice, toggles[choice].value); });
                }
                else
                {
                    var group = new RadioButtonGroup(null, labels);
                    card.Add(group);
                    readers.Add(() => { asked.Picked.Clear(); asked.Pick(group.value, true); });
                }
                readers.Add(() => asked.Other = other.value ?? string.Empty);
                card.Add(other);
            }
            Label problem = Labels.Text(string.Empty);
            VisualElement buttons = Labels.Row();
            buttons.Add(new Button(() =>
            {
                readers.ForEach(read => read());
                string command = m_commands.AnswerQuestions(form);
                if (command == null)
                {
                    problem.text = PanelText.Literal(PanelStrings.Get("question.answer_all", "question", form.Unanswered().Text));
                    return;
                }
                problem.text = string.Empty;
                m_send(command);
            }) { text = PanelStrings.Get("question.submit") });
            buttons.Add(new Button(() => m_send(m_commands.SkipQuestions(form))) { text = PanelStrings.Get("question.skip") });
            card.Add(buttons);
            card.Add(problem);
            return card;
        }
    }
}
