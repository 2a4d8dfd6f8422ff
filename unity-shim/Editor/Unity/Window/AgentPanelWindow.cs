// The chat panel inside the editor (UI Toolkit, panel protocol v1). It renders the host-owned
// Transcript: every text goes through PanelText.Literal, and only the cards in view (and a few either
// side) exist as elements, placed in a ScrollView by TranscriptViewport, which bounds each frame's
// building by time and follows the newest card until the user scrolls up. "@" in the input lists project
// paths under it (MentionCompletion). Colours come from the theme's stylesheets (PanelTheme).
using System.Collections.Generic;
using AgentPanel.Host;
using AgentPanel.Panel;
using UnityEditor;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor
{
    public sealed class AgentPanelWindow : EditorWindow
    {
        const int MessagesPerRefresh = 200;
        // Rows are placed often enough that scrolling never shows an empty stretch for long; a frame with
        // nothing to do costs a few microseconds.
        const int RowsIntervalMs = 16;

        readonly Transcript m_transcript = new Transcript();
        readonly PanelCommands m_commands = new PanelCommands();
        readonly Composer m_composer = new Composer();
        CardViews m_cardViews;
        PermissionCardViews m_permissionCards;
        SignInView m_signIn;
        ContextChipsView m_chips;
        InstructionsView m_instructions;
        QuickActionsView m_quickActions;
        PanelClient m_client;
        // The host generation m_client was made for: a replaced host has a new port and panel token.
        int m_clientGeneration;
        ScrollView m_cards;
        Label m_status;
        // The streamed answer, as a column of labels (a long answer passes one label's limit).
        VisualElement m_streaming, m_mentionList, m_history, m_bypassConfirmation, m_jumpToLatest;
        DropdownField m_model;
        // The picker's choices as last drawn, so it is rebuilt only on a change.
        List<ModelChoice> m_modelChoices = new List<ModelChoice>();
        string m_shownModels;
        TextField m_input, m_historyQuery;
        int m_renderedRevision = -1;
        TranscriptViewport m_viewport = new TranscriptViewport(new StopwatchClock());
        // The cards built as elements now, by card (only those in view and the overscan).
        readonly Dictionary<Card, VisualElement> m_rows = new Dictionary<Card, VisualElement>();
        bool m_jumpShown;
        readonly AttentionBadge m_badge = new AttentionBadge();
        Attention? m_shownAttention;
        readonly KeptDraft m_kept = new KeptDraft(new EditorSessionValues());
        // Which permission card held the keyboard, given back after a reload or a rebuild.
        readonly KeptCardFocus m_keptFocus = new KeptCardFocus(new EditorSessionValues());
        // The kept scroll position, applied once the rebuilt transcript is laid out; NaN when done.
        float m_scrollToRestore = float.NaN;
        // The character event that follows an Enter or Tab the window acted on, which the field must not insert.
        bool m_swallowCharacter;
        int m_shownMentions = -1;

        [MenuItem("Window/Agent Panel")]
        static void Open()
        {
            GetWindow<AgentPanelWindow>(PanelStrings.Get("window.title"));
        }

        void OnEnable()
        {
            PanelStrings.Changed += Rebuild;
        }

        // A language change rebuilds the window at once; the transcript and connection stay.
        void Rebuild()
        {
            rootVisualElement.Clear();
            m_keptFocus.Rebuilt();
            m_shownModels = null;
            m_viewport = new TranscriptViewport(new StopwatchClock());
            m_rows.Clear();
            m_jumpShown = false;
            m_renderedRevision = -1;
            m_shownAttention = null;
            CreateGUI();
        }

        void CreateGUI()
        {
            VisualElement root = rootVisualElement;
            PanelTheme.Apply(root);
            m_cardViews = new CardViews(m_commands, Send);
            m_instructions = new InstructionsView(m_commands, Send, m_transcript.Instructions);
            // A quick action fills the message box; the user reads, changes and sends it.
            m_quickActions = new QuickActionsView(m_commands, Send, prompt => m_input.value = prompt, m_transcript.OwnActions);
            VisualElement toolbar = Labels.Row("uap-toolbar");
            toolbar.Add(new Button(() => Send(m_commands.NewSession())) { text = PanelStrings.Get("toolbar.new_session") });
            toolbar.Add(new Button(() => Send(m_commands.Interrupt())) { text = PanelStrings.Get("toolbar.interrupt") });
            toolbar.Add(new Button(() => Send(m_commands.ListHistory(m_historyQuery.value.Trim()))) { text = PanelStrings.Get("toolbar.history") });
            // The host refuses a query over 200 bytes with the limit in the status line.
            m_historyQuery = new TextField();
            m_historyQuery.style.flexGrow = 1;
            toolbar.Add(m_historyQuery);
            toolbar.Add(new Button(() => Send(m_commands.ListHistory(m_historyQuery.value.Trim()))) { text = PanelStrings.Get("history.search") });
            toolbar.Add(new Button(() => PanelStrings.Language = PanelStrings.Language == PanelLanguage.Japanese ? PanelLanguage.English : PanelLanguage.Japanese)
                        { text = PanelStrings.Get("toolbar.language") });
            root.Add(toolbar);
            root.Add(Settings());
            m_history = new VisualElement();
            root.Add(m_history);
            m_status = Labels.Classed(Labels.Text(PanelStrings.Get("status.connecting")), "uap-status");
            root.Add(m_status);
            m_cards = new ScrollView();
            m_cards.style.flexGrow = 1;
            root.Add(m_cards);
            // The pill under the list while the user reads above the newest card.
            m_jumpToLatest = new VisualElement();
            root.Add(m_jumpToLatest);
            m_streaming = Labels.Classed(new VisualElement(), "uap-card", "uap-card-assistant");
            root.Add(m_streaming);
            m_permissionCards = new PermissionCardViews(m_commands, Send, m_keptFocus);
            root.Add(m_permissionCards.Element);
            m_signIn = new SignInView(m_commands, Send);
            root.Add(m_signIn.Element);
            root.Add(m_quickActions.Bar);
            // After a domain reload the half-typed message and the reading position come back.
            m_input = new TextField { multiline = true, value = m_kept.Draft };
            m_scrollToRestore = m_kept.ScrollY;
            // TrickleDown: the composer decides before the text field inserts a newline.
            m_input.RegisterCallback<KeyDownEvent>(OnKeyDown, TrickleDown.TrickleDown);
            // The chips sit above the message box; both take dropped assets and GameObjects.
            m_chips = new ContextChipsView(m_commands, Send);
            var composer = new VisualElement();
            composer.Add(m_chips.Element);
            composer.Add(m_input);
            m_mentionList = Labels.Classed(new VisualElement(), "uap-mention-list");
            m_shownMentions = -1;
            composer.Add(m_mentionList);
            m_chips.AcceptDrops(composer);
            root.Add(composer);
            root.schedule.Execute(Refresh).Every(100);
            root.schedule.Execute(RenderRows).Every(RowsIntervalMs);
        }

        // Model, permission mode and auto-approve level: the host applies them and echoes them in status.
        VisualElement Settings()
        {
            var settings = new VisualElement();
            // Only the models the CLI offers; the host refuses any other with the valid list.
            m_model = new DropdownField(PanelStrings.Get("settings.model"), new List<string> { "default" }, 0);
            m_model.RegisterValueChangedCallback(changed =>
            {
                int index = m_model.index;
                if (index >= 0 && index < m_modelChoices.Count)
                    Send(m_commands.SetModel(m_modelChoices[index].Value));
            });
            settings.Add(m_model);
            VisualElement modes = Labels.Row();
            modes.Add(new Label(PanelStrings.Get("settings.permissions")));
            foreach (string mode in new[] { "default", "acceptEdits", "plan" })
            {
                string chosen = mode;
                modes.Add(new Button(() => Send(m_commands.SetPermissionMode(chosen))) { text = mode });
            }
            modes.Add(new Button(ShowBypassWarning) { text = PanelStrings.Get("settings.bypass") });
            settings.Add(modes);
            m_bypassConfirmation = new VisualElement();
            settings.Add(m_bypassConfirmation);
            VisualElement levels = Labels.Row();
            levels.Add(new Label(PanelStrings.Get("settings.auto_approve")));
            foreach (string level in new[] { "ask", "read_only", "undoable", "all_unity_tools" })
            {
                string chosen = level;
                levels.Add(new Button(() => Send(m_commands.SetAutoApprove(chosen))) { text = level });
            }
            settings.Add(levels);
            VisualElement integrations = Labels.Row();
            integrations.Add(new Button(() => Send(m_commands.InstallPlugin())) { text = PanelStrings.Get("integrations.install_plugin") });
            integrations.Add(new Button(() => Send(m_commands.ApplyUloopPreset())) { text = PanelStrings.Get("integrations.uloop_preset") });
            settings.Add(integrations);
            settings.Add(m_instructions.Element);
            settings.Add(m_quickActions.Settings);
            return settings;
        }

        // bypassPermissions is sent only from the warning's confirm button (the host refuses it unconfirmed).
        void ShowBypassWarning()
        {
            m_bypassConfirmation.Clear();
            m_bypassConfirmation.Add(Labels.Classed(Labels.Text(PanelStrings.Get("bypass.warning")), "uap-notice", "uap-notice-warning"));
            VisualElement buttons = Labels.Row();
            buttons.Add(new Button(() => m_bypassConfirmation.Clear()) { text = PanelStrings.Get("bypass.cancel") });
            buttons.Add(new Button(() => { m_bypassConfirmation.Clear(); Send(m_commands.ConfirmBypassPermissions()); }) { text = PanelStrings.Get("bypass.confirm") });
            m_bypassConfirmation.Add(buttons);
        }

        void RenderHistory()
        {
            m_history.Clear();
            foreach (HistoryEntry entry in m_transcript.History)
            {
                VisualElement row = Labels.Row();
                string id = entry.SessionId;
                row.Add(new Button(() => { Send(m_commands.Resume(id)); m_transcript.History.Clear(); }) { text = PanelStrings.Get("history.resume") });
                row.Add(Labels.Text(entry.Title.Length > 0 ? entry.Title : entry.SessionId));
                row.Add(DeleteButton(id));
                m_history.Add(row);
            }
        }

        // Deleting cannot be undone: the first click only asks, the second deletes and lists again.
        Button DeleteButton(string sessionId)
        {
            Button delete = null;
            bool asked = false;
            delete = new Button(() =>
            {
                if (!asked)
                {
                    asked = true;
                    delete.text = PanelStrings.Get("history.delete_confirm");
                    return;
                }
                Send(m_commands.DeleteHistory(sessionId));
                Send(m_commands.ListHistory(m_historyQuery.value.Trim()));
            }) { text = PanelStrings.Get("history.delete") };
            return delete;
        }

        void KeepDraftAndScroll()
        {
            if (m_input == null || m_cards == null)
                return;
            m_permissionCards.KeepFocus();
            if (!float.IsNaN(m_scrollToRestore))
            {
                // Restored only once the kept cards are taken in and the rows in view built; until then
                // the old position stays kept.
                if (m_renderedRevision < 0 || m_viewport.RowCount == 0 || m_viewport.Pending > 0)
                    return;
                m_cards.scrollOffset = new Vector2(0, m_scrollToRestore);
                m_scrollToRestore = float.NaN;
            }
            m_kept.Keep(m_input.value, m_cards.scrollOffset.y, m_viewport.Following);
        }

        // The tab says when a card waits or a turn finished while the user works in another window.
        void ShowAttention()
        {
            Attention attention = m_badge.Observe(m_transcript, focusedWindow == this ? WindowFocus.Focused : WindowFocus.Unfocused);
            if (attention == m_shownAttention)
                return;
            m_shownAttention = attention;
            string key = attention == Attention.CardWaiting ? "window.title_card_waiting" : attention == Attention.TurnFinished ? "window.title_turn_finished" : "window.title";
            titleContent = new GUIContent(PanelStrings.Get(key));
        }

        void OnDisable()
        {
            PanelStrings.Changed -= Rebuild;
            if (m_client != null)
                m_client.Dispose();
            m_client = null;
        }

        void Send(string command)
        {
            if (m_client == null || !m_client.Connected)
            {
                m_status.text = PanelText.Literal(PanelStrings.Get("status.not_connected"));
                return;
            }
            m_client.Send(command);
        }

        void OnKeyDown(KeyDownEvent key)
        {
            if (key.keyCode == KeyCode.None && (key.character == '\n' || key.character == '\r' || key.character == '\t') && m_swallowCharacter)
            {
                m_swallowCharacter = false;
                KeyEvents.Swallow(key, m_input);
                return;
            }
            // While an IME composition is open, Enter belongs to the IME (it confirms the conversion).
            CompositionState composition = string.IsNullOrEmpty(Input.compositionString) ? CompositionState.None : CompositionState.Composing;
            if (composition == CompositionState.None && MentionKey(key))
            {
                KeyEvents.Swallow(key, m_input);
                return;
            }
            if (key.keyCode != KeyCode.Return && key.keyCode != KeyCode.KeypadEnter)
                return;
            var modifiers = KeyModifiers.None;
            if (key.shiftKey) modifiers |= KeyModifiers.Shift;
            if (key.ctrlKey) modifiers |= KeyModifiers.Control;
            if (key.commandKey) modifiers |= KeyModifiers.Command;
            m_composer.Text = m_input.value;
            string sent;
            ComposerAction action = m_composer.OnKey(ComposerKey.Enter, modifiers, composition, out sent);
            if (action == ComposerAction.Send)
            {
                Send(m_commands.Send(sent));
                m_input.value = string.Empty;
                m_swallowCharacter = true;
                KeyEvents.Swallow(key, m_input);
            }
        }

        // Up/Down move in the open mention list, Enter (without Shift) and Tab pick, Escape closes it;
        // true when the key was the list's.
        bool MentionKey(KeyDownEvent key)
        {
            MentionCompletion mentions = m_transcript.Mentions;
            if (!mentions.Open)
                return false;
            switch (key.keyCode)
            {
                case KeyCode.UpArrow: mentions.Move(-1); break;
                case KeyCode.DownArrow: mentions.Move(1); break;
                case KeyCode.Escape: mentions.Close(); break;
                case KeyCode.Tab:
                case KeyCode.Return:
                case KeyCode.KeypadEnter:
                    if (key.shiftKey)
                        return false;
                    PickMention(mentions.Selected);
                    m_swallowCharacter = true;
                    break;
                default: return false;
            }
            RenderMentions();
            return true;
        }

        void PickMention(int index)
        {
            MentionPick pick = m_transcript.Mentions.Pick(m_input.value, m_input.cursorIndex, index);
            if (pick == null)
                return;
            m_input.value = pick.Text;
            m_input.SelectRange(pick.Caret, pick.Caret);
            m_input.Focus();
            // A picked folder lists its entries at once rather than at the next refresh.
            AskMention();
            RenderMentions();
        }

        // Asks the host about the mention at the caret when it is a new one; polled, since the caret
        // moves without changing the text.
        void AskMention()
        {
            string command = m_transcript.Mentions.Ask(m_commands, m_input.value, m_input.cursorIndex);
            if (command != null)
                Send(command);
        }

        void RenderMentions()
        {
            MentionCompletion mentions = m_transcript.Mentions;
            if (mentions.Revision == m_shownMentions)
                return;
            m_shownMentions = mentions.Revision;
            m_mentionList.Clear();
            for (int index = 0; index < mentions.Candidates.Count; ++index)
            {
                int picked = index;
                Button option = Labels.Classed(new Button(() => PickMention(picked)) { text = PanelText.Literal("@" + mentions.Candidates[index].Path) }, "uap-mention-option");
                option.EnableInClassList("uap-mention-selected", index == mentions.Selected);
                m_mentionList.Add(option);
            }
            if (mentions.Open && mentions.Truncated)
                m_mentionList.Add(Labels.Classed(Labels.Text(PanelStrings.Get("mention.truncated")), "uap-settings-help"));
        }

        void Refresh()
        {
            KeepDraftAndScroll();
            if (m_client != null && m_clientGeneration != BridgeService.HostGeneration)
            {
                m_client.Dispose();
                m_client = null;
            }
            if (m_client == null)
                Connect();
            if (m_client == null)
                return;
            m_client.Drain(m_transcript, MessagesPerRefresh);
            // A new connection reads the chips (its snapshot has none); Ask Claude to fix sends its message.
            m_transcript.Chips.Due(m_commands).ForEach(Send);
            m_transcript.OwnActions.Due(m_commands).ForEach(Send);
            AskMention();
            RenderMentions();
            ShowAttention();
            // The cards themselves are placed by RenderRows, on its own faster schedule.
            if (m_transcript.Revision == m_renderedRevision)
                return;
            m_renderedRevision = m_transcript.Revision;
            Labels.Show(m_streaming, m_transcript.StreamingText);
            m_permissionCards.Render(m_transcript);
            RenderHistory();
            RenderModels();
            m_quickActions.Render(m_transcript.Status);
            m_instructions.Render(m_transcript.Status);
            m_signIn.Render(m_transcript.Status);
            m_chips.Render(m_transcript.Chips);
            m_status.text = PanelText.Literal(StatusLine());
        }

        void Connect()
        {
            // Read before the host, so a replacement in between makes the next refresh reconnect again.
            int generation = BridgeService.HostGeneration;
            HostDiscovery host = BridgeService.Host;
            if (host == null)
            {
                m_status.text = PanelText.Literal(PanelStrings.Get("status.waiting_for_host", "reason", BridgeService.LastError ?? BridgeService.State.ToString()));
                return;
            }
            string problem;
            string token = host.ReadToken(TokenRole.Panel, out problem);
            if (token == null)
            {
                m_status.text = PanelText.Literal(problem);
                return;
            }
            m_client = new PanelClient(host.PanelUri, token);
            m_clientGeneration = generation;
            m_client.Start();
        }

        string StatusLine()
        {
            var status = m_transcript.Status;
            string plugin = null;
            var integrations = status["integrations"] as Newtonsoft.Json.Linq.JArray;
            if (integrations != null && integrations.Count > 0)
                plugin = (string)integrations[0]["state"];
            return PanelStrings.Get("status.line", "state", m_transcript.State.ToString(), "model", StatusView.CurrentModel(status), "context", StatusView.Context(status),
                                    "cost", (string)status["total_cost_usd"], "mode", (string)status["permission_mode"], "level", (string)status["auto_approve"]) +
                   (plugin != null ? PanelStrings.Get("status.plugin", "state", PanelStrings.Get("plugin." + plugin)) : string.Empty) +
                   InstallLine() +
                   (m_transcript.LastCommandError != null ? PanelStrings.Get("status.refused", "error", m_transcript.LastCommandError) : string.Empty) +
                   (m_client.Connected ? string.Empty : PanelStrings.Get("status.reconnecting", "error", m_client.LastError));
        }

        // The plugin install's progress or end, from the newest integration_install event.
        string InstallLine()
        {
            Newtonsoft.Json.Linq.JObject install = m_transcript.LastInstall;
            if (install == null)
                return string.Empty;
            string phase = (string)install["phase"];
            if (phase == "running")
                return PanelStrings.Get("install.running", "step", (string)install["step"], "seconds", (string)install["elapsed_seconds"]);
            return phase == "succeeded" ? PanelStrings.Get("install.succeeded") : PanelStrings.Get("install.failed", "message", (string)install["message"]);
        }

        // One frame of the virtual list: measure the built rows, let the viewport plan, drop the rows that
        // left the range, build the ones it hands out within the frame's time, and place them all.
        void RenderRows()
        {
            if (m_cards == null || m_cardViews == null)
                return;
            foreach (KeyValuePair<Card, VisualElement> row in m_rows)
                m_viewport.Measured(row.Key, row.Value.layout.height);
            ViewportFrame frame = m_viewport.BeginFrame(m_transcript, m_cards.scrollOffset.y, m_cards.contentViewport.layout.height);
            if (frame.Restarted)
            {
                m_cards.Clear();
                m_cardViews.Clear();
                m_rows.Clear();
            }
            foreach (Card gone in frame.Removed)
            {
                VisualElement element;
                if (!m_rows.TryGetValue(gone, out element))
                    continue;
                m_cardViews.Forget(element.childCount > 0 ? element.hierarchy[0] : element);
                m_cards.Remove(element);
                m_rows.Remove(gone);
            }
            m_cardViews.Newest(m_transcript);
            foreach (KeyValuePair<Card, Card> arrived in frame.NestedArrived)
            {
                VisualElement row;
                if (m_rows.TryGetValue(arrived.Key, out row))
                    m_cardViews.Place(arrived.Value, m_cardViews.Render(arrived.Value), row);
            }
            Card card;
            while (m_viewport.NextToBuild(out card))
            {
                // A plain box around the card, placed at the row's top: its height includes the card's margins.
                var row = new VisualElement();
                row.style.position = Position.Absolute;
                row.style.left = 0;
                row.style.right = 0;
                m_cardViews.Place(card, m_cardViews.Render(card), row);
                foreach (Card inside in m_viewport.NestedIn(card))
                    m_cardViews.Place(inside, m_cardViews.Render(inside), row);
                m_cards.Add(row);
                m_rows[card] = row;
                m_viewport.Built(card);
            }
            m_cardViews.UpdateTools();
            m_cards.contentContainer.style.height = frame.ContentHeight;
            foreach (KeyValuePair<Card, VisualElement> row in m_rows)
                row.Value.style.top = m_viewport.TopOf(row.Key);
            if (System.Math.Abs(m_cards.scrollOffset.y - frame.ScrollOffset) > 0.5f)
                m_cards.scrollOffset = new Vector2(0, frame.ScrollOffset);
            m_viewport.Applied(m_cards.scrollOffset.y);
            ShowJumpToLatest(frame.ShowJumpToLatest);
        }

        void ShowJumpToLatest(bool show)
        {
            if (show == m_jumpShown)
                return;
            m_jumpShown = show;
            m_jumpToLatest.Clear();
            if (show)
                m_jumpToLatest.Add(Labels.Classed(new Button(() => m_viewport.JumpToLatest()) { text = PanelText.Literal(PanelStrings.Get("transcript.jump_to_latest")) }, "uap-jump-to-latest"));
        }

        // The picker follows the CLI's model list and the current model, without sending a change.
        void RenderModels()
        {
            List<ModelChoice> choices = StatusView.Models(m_transcript.Status);
            string current = StatusView.CurrentModel(m_transcript.Status);
            string key = current + "\n" + string.Join("\n", choices.ConvertAll(choice => choice.Value + "\t" + choice.Label).ToArray());
            if (key == m_shownModels)
                return;
            m_shownModels = key;
            m_modelChoices = choices;
            m_model.choices = choices.ConvertAll(choice => choice.Label);
            m_model.SetValueWithoutNotify(choices.Find(choice => choice.Value == current).Label);
        }
    }
}
