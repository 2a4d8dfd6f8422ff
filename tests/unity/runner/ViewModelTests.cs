// The panel view model without Unity: the escaping chokepoint, the composer's IME rule and the
// transcript rebuilt from panel protocol events.
using System;
using System.Collections.Generic;
using System.Text.RegularExpressions;
using AgentPanel.Panel;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class ViewModelTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["viewmodel.escaping_renders_literally"] = EscapingRendersLiterally;
            cases["viewmodel.enter_never_sends_during_composition"] = EnterNeverSendsDuringComposition;
            cases["viewmodel.transcript_follows_events"] = TranscriptFollowsEvents;
            cases["viewmodel.catalogue_parity_and_switching"] = CatalogueParityAndSwitching;
            cases["viewmodel.allow_always_is_scoped_and_bypass_confirmed"] = AllowAlwaysIsScopedAndBypassConfirmed;
            cases["viewmodel.badge_and_kept_draft"] = BadgeAndKeptDraft;
            cases["viewmodel.mention_token_and_pick"] = MentionTokenAndPick;
            cases["viewmodel.history_search_and_delete_commands"] = HistorySearchAndDeleteCommands;
            cases["viewmodel.question_form_answers"] = QuestionFormAnswers;
            cases["viewmodel.tool_headline_names_the_subject"] = ToolHeadlineNamesTheSubject;
            cases["viewmodel.turn_revert_follows_events"] = TurnRevertFollowsEvents;
            cases["viewmodel.status_models_context_and_quick_actions"] = StatusModelsContextAndQuickActions;
            cases["viewmodel.sign_in_card_follows_the_status"] = SignInCardFollowsTheStatus;
            cases["viewmodel.context_chips_follow_the_host"] = ContextChipsFollowTheHost;
            cases["viewmodel.retry_speaks_the_protocol_and_skips_subagent_tasks"] = RetrySpeaksTheProtocolAndSkipsSubagentTasks;
            cases["viewmodel.thinking_is_a_card_of_its_own"] = ThinkingIsACardOfItsOwn;
            cases["viewmodel.transcript_bounds"] = TranscriptBounds;
            cases["viewmodel.tool_progress_shows_on_its_running_card"] = ToolProgressShowsOnItsRunningCard;
        }

        static JObject Notice(string text)
        {
            return new JObject { { "type", "notice" }, { "level", "info" }, { "text", text } };
        }

        // The transcript drops its oldest cards past 10,000 or past 16 Mi characters of text; a reset
        // starts a new epoch (what a view drew before it is stale: ViewportTests).
        static void TranscriptBounds(Options options)
        {
            var transcript = new Transcript();
            transcript.Apply(JObject.Parse(@"{""type"":""snapshot"",""seq"":1,""status"":{},""transcript"":[],""pending_permissions"":[]}"));
            int epoch = transcript.Epoch;
            for (int card = 0; card < Transcript.MaxCards + 5; ++card)
                transcript.Apply(Notice("card " + card));
            Check.Equal(Transcript.MaxCards, transcript.Cards.Count, "the count bound holds");
            Check.Equal(5L, transcript.Dropped, "the oldest five went");
            Check.Equal("card 5", transcript.Cards[0].Text, "the oldest kept is the sixth");
            Check.Equal(epoch, transcript.Epoch, "dropping is no reset");

            transcript.Apply(JObject.Parse(@"{""type"":""transcript_reset"",""seq"":2,""items"":[]}"));
            Check.True(transcript.Epoch != epoch && transcript.Dropped == 0, "a reset starts a new epoch with nothing dropped");
            string quarter = new string('x', (int)(Transcript.MaxTextChars / 4));
            for (int card = 0; card < 6; ++card)
                transcript.Apply(Notice(card + quarter));
            Check.Equal(3, transcript.Cards.Count, "the text bound keeps the newest cards within 16 Mi characters");
            Check.True(transcript.Cards[0].Text.StartsWith("3"), "the oldest went first");
            transcript.Apply(Notice(new string('y', (int)Transcript.MaxTextChars + 1)));
            Check.Equal(1, transcript.Cards.Count, "a card over the bound alone is still kept");
        }

        // assistant_thinking becomes its own card before the answer, live and in a reopened session.
        static void ThinkingIsACardOfItsOwn(Options options)
        {
            var transcript = new Transcript();
            transcript.Apply(JObject.Parse(@"{""type"":""assistant_thinking"",""seq"":1,""turn_id"":1,""text"":""place it at the origin <b>"",""truncated"":false}"));
            transcript.Apply(JObject.Parse(@"{""type"":""assistant_message"",""seq"":2,""turn_id"":1,""text"":""Placed.""}"));
            Check.Equal(CardKind.Thinking, transcript.Cards[0].Kind, "the thinking is a card");
            Check.Equal("place it at the origin <b>", transcript.Cards[0].Text, "with the model's text");
            Check.True(!transcript.Cards[0].Truncated, "not cut");
            Check.Equal("Placed.", transcript.Cards[1].Text, "the answer stays apart from it");
            transcript.Apply(JObject.Parse(@"{""type"":""transcript_reset"",""seq"":3,""items"":[{""type"":""assistant_thinking"",""text"":""long"",""truncated"":true},{""type"":""assistant_message"",""text"":""again""}]}"));
            Check.Equal(2, transcript.Cards.Count, "a reopened session brings its thinking back");
            Check.True(transcript.Cards[0].Kind == CardKind.Thinking && transcript.Cards[0].Truncated, "and says when the host cut it");
        }

        // A running tool's reports reach its own card only, and stop showing once it finished.
        static void ToolProgressShowsOnItsRunningCard(Options options)
        {
            var transcript = new Transcript();
            transcript.Apply(JObject.Parse(@"{""type"":""tool_started"",""seq"":1,""turn_id"":1,""tool_use_id"":""toolu_a"",""name"":""mcp__uap__uap_tool_call"",""input"":{}}"));
            transcript.Apply(JObject.Parse(@"{""type"":""tool_started"",""seq"":2,""turn_id"":1,""tool_use_id"":""toolu_b"",""name"":""Read"",""input"":{}}"));
            transcript.Apply(JObject.Parse(@"{""type"":""tool_progress"",""seq"":3,""tool_use_id"":""toolu_a"",""progress"":40.6,""total"":100,""message"":""baking lightmaps: 41%""}"));
            Check.Equal("41% \u00b7 baking lightmaps: 41%", transcript.Cards[0].Progress, "the share and the tool's words, on its card");
            Check.True(transcript.Cards[1].Progress == null, "another card hears nothing");
            transcript.Apply(JObject.Parse(@"{""type"":""tool_progress"",""seq"":4,""tool_use_id"":""toolu_b"",""progress"":3}"));
            Check.Equal("", transcript.Cards[1].Progress, "no total and no words: nothing to show");
            transcript.Apply(JObject.Parse(@"{""type"":""tool_progress"",""seq"":5,""tool_use_id"":""toolu_b"",""progress"":3,""message"":""reading""}"));
            Check.Equal("reading", transcript.Cards[1].Progress, "words without a total");
            transcript.Apply(JObject.Parse(@"{""type"":""tool_finished"",""seq"":6,""turn_id"":1,""tool_use_id"":""toolu_a"",""is_error"":false,""content"":""{}""}"));
            Check.True(transcript.Cards[0].Progress == null, "a finished card shows its outcome, not its last report");
            transcript.Apply(JObject.Parse(@"{""type"":""tool_progress"",""seq"":7,""tool_use_id"":""toolu_a"",""progress"":100,""total"":100}"));
            Check.True(transcript.Cards[0].Progress == null, "a late report does not bring it back");
            transcript.Apply(JObject.Parse(@"{""type"":""tool_progress"",""seq"":8,""tool_use_id"":""toolu_unknown"",""progress"":1,""total"":2}"));
            Check.Equal(2, transcript.Cards.Count, "a report for no card adds none");
        }

        // A folded tool card's one line names what the tool works on, from the input the host sent.
        static void ToolHeadlineNamesTheSubject(Options options)
        {
            Func<string, string, string> headline = (name, input) => ToolHeadline.For(new Card { Kind = CardKind.Tool, ToolName = name, ToolInput = input });
            Check.Equal("Edit Assets/Scripts/Player.cs", headline("Edit", @"{""file_path"":""Assets/Scripts/Player.cs"",""old_string"":""a"",""new_string"":""b""}"), "a file tool names its file");
            Check.Equal("Bash npm test\u2026", headline("Bash", @"{""command"":""npm test\nrm -rf build"",""description"":""run the tests""}"), "a command's first line, marked as cut");
            Check.Equal("Grep TODO", headline("Grep", @"{""pattern"":""TODO"",""path"":""Assets""}"), "a search names its pattern before its folder");
            Check.Equal("mcp__uap__uap_scene_rename /Crate", headline("mcp__uap__uap_scene_rename", @"{""path"":""/Crate"",""newName"":""Box""}"), "our tools name their object path");
            Check.Equal("mcp__uap__uap_ping", headline("mcp__uap__uap_ping", "{}"), "nothing to name: the tool alone");
            Check.Equal("Write", headline("Write", "not json"), "an input that is not JSON names nothing");
            Check.Equal("Write", headline("Write", @"{""file_path"":42}"), "a subject that is not text names nothing");
            string longPath = new string('a', 200);
            string cut = ToolHeadline.Subject(@"{""file_path"":""" + longPath + @"""}");
            Check.Equal(ToolHeadline.MaxSubjectLength + 1, cut.Length, "a long subject is cut, with a mark");
            Check.True(cut.EndsWith("\u2026"), "the mark says it was cut");
            Check.Equal("<noparse><color=red>x</noparse>", PanelText.Literal(ToolHeadline.Subject(@"{""name"":""<color=red>x""}")), "the headline goes through the escaping chokepoint like every text");
        }

        // turn_finished says whether a revert has something to take back and what it would leave;
        // turn_reverted closes the button (or keeps it when refused) and says what happened.
        static void TurnRevertFollowsEvents(Options options)
        {
            var transcript = new Transcript();
            transcript.Apply(JObject.Parse(@"{""type"":""turn_finished"",""seq"":1,""turn_id"":1,""subtype"":""success"",""revertible"":false,""not_revertible"":[]}"));
            transcript.Apply(JObject.Parse(@"{""type"":""turn_finished"",""seq"":2,""turn_id"":2,""subtype"":""success"",""revertible"":true,
                ""not_revertible"":[{""tool_use_id"":""t1"",""tool"":""Write"",""reason"":""files on disk are not under Undo""}]}"));
            Card plain = transcript.Cards[0], changed = transcript.Cards[1];
            Check.True(!plain.Revertible, "a turn without undoable editor changes offers no revert");
            Check.True(changed.Revertible && !changed.Reverted, "a turn with editor changes offers the revert");
            Check.Equal("Write: files on disk are not under Undo", changed.NotRevertible[0], "what a revert would leave is listed");
            Check.True(!changed.Continuable, "a turn that ended by itself is not continuable");
            transcript.Apply(JObject.Parse(@"{""type"":""turn_finished"",""seq"":9,""turn_id"":7,""subtype"":""error_during_execution"",""interrupted"":true,""continuable"":true}"));
            Check.True(transcript.Cards[transcript.Cards.Count - 1].Continuable, "an interrupted turn offers Continue");
            transcript.Cards.RemoveAt(transcript.Cards.Count - 1);
            JObject resume = JObject.Parse(new PanelCommands().ContinueTurn(7));
            Check.Equal("continue_turn", (string)resume["type"], "the continue command");
            Check.Equal(7L, (long)resume["turn_id"], "names the interrupted turn");
            JObject command = JObject.Parse(new PanelCommands().RevertTurn(2));
            Check.Equal("revert_turn", (string)command["type"], "the revert command");
            Check.Equal(2L, (long)command["turn_id"], "names the turn");

            transcript.Apply(JObject.Parse(@"{""type"":""turn_reverted"",""seq"":3,""turn_id"":2,""ok"":false,""reason"":""the scene changed after the turn; undo by hand""}"));
            Card refused = transcript.Cards[2];
            Check.Equal(CardKind.TurnReverted, refused.Kind, "the outcome is a card");
            Check.True(refused.IsError, "a refused revert is shown as not done");
            Check.Equal("the scene changed after the turn; undo by hand", refused.Text, "with the host's reason");
            Check.True(!changed.Reverted, "a refused revert leaves the turn revertible");

            transcript.Apply(JObject.Parse(@"{""type"":""turn_reverted"",""seq"":4,""turn_id"":2,""ok"":true,""undo_step"":""Agent turn 2 (run abc123)"",
                ""not_reverted"":[{""tool_use_id"":""t1"",""tool"":""Write"",""reason"":""files on disk are not under Undo""}]}"));
            Card done = transcript.Cards[3];
            Check.True(!done.IsError, "a done revert");
            Check.Equal("Agent turn 2 (run abc123)", done.Text, "names the editor's Undo step");
            Check.Equal(1, done.NotRevertible.Count, "and what it left");
            Check.True(changed.Reverted, "the turn is marked reverted, so its button stays off");
            Check.True(!plain.Reverted, "other turns are untouched");
        }

        // The model picker offers the CLI's models; the context meter divides by the window the CLI
        // reported; the quick actions come from active profiles only, in the window's language.
        static void StatusModelsContextAndQuickActions(Options options)
        {
            PanelLanguage before = PanelStrings.Language;
            try
            {
                PanelStrings.Language = PanelLanguage.English;
                var status = JObject.Parse(@"{""model"":""claude-custom"",""context_tokens"":50000,""context_window"":0,
                    ""models"":[{""value"":""sonnet"",""displayName"":""Sonnet""},{""value"":""opus""},{""value"":""sonnet"",""displayName"":""again""},{""displayName"":""no value""}],
                    ""profiles"":[{""id"":""vrchat"",""state"":""active"",""quick_actions"":[{""id"":""upload"",""label"":""Check upload"",""label_ja"":""アップロード確認"",""prompt"":""Check the avatar for upload""},
                                                                              {""id"":""empty"",""label"":""No prompt""}]},
                                  {""id"":""vrm"",""state"":""detected"",""quick_actions"":[{""id"":""x"",""label"":""Not active"",""prompt"":""never""}]}]}");
                List<ModelChoice> models = StatusView.Models(status);
                Check.Equal("default|sonnet|opus|claude-custom", string.Join("|", models.ConvertAll(model => model.Value).ToArray()), "default, the CLI's models once each, then the current one");
                Check.Equal("Sonnet", models[1].Label, "a model shows its display name");
                Check.Equal("opus", models[2].Label, "or its value without one");
                Check.Equal("default", StatusView.CurrentModel(new JObject()), "no model set is the default");
                Check.Equal("50000 tokens", StatusView.Context(status), "before the CLI reported a window, the size alone");
                status["context_window"] = 200000;
                Check.Equal("25% (50000 tokens)", StatusView.Context(status), "then the share of the reported window");
                List<QuickAction> actions = StatusView.QuickActions(status, PanelLanguage.English);
                Check.Equal(1, actions.Count, "only an active profile's actions with a prompt");
                Check.Equal("vrchat.upload", actions[0].Id, "named by profile and action");
                Check.Equal("Check upload", actions[0].Label, "the English label");
                Check.Equal("Check the avatar for upload", actions[0].Prompt, "the prompt the composer gets");
                Check.Equal("アップロード確認", StatusView.QuickActions(status, PanelLanguage.Japanese)[0].Label, "the Japanese label in Japanese");
                PanelStrings.Language = PanelLanguage.Japanese;
                Check.Equal("25%(50000 トークン)", StatusView.Context(status), "the meter in Japanese");
            }
            finally
            {
                PanelStrings.Language = before;
            }
        }

        // The first-run card: none while the agent can work, the problem's texts and command otherwise,
        // kept (button disabled) while a check runs, and the two commands the card sends.
        static void SignInCardFollowsTheStatus(Options options)
        {
            PanelLanguage before = PanelStrings.Language;
            try
            {
                PanelStrings.Language = PanelLanguage.English;
                Check.True(SignInCard.From(new JObject(), null) == null, "no card before the host checked");
                Check.True(SignInCard.From(JObject.Parse(@"{""sign_in"":{""state"":""ready""}}"), null) == null, "no card when the agent can work");
                Check.True(SignInCard.From(JObject.Parse(@"{""sign_in"":{""state"":""checking""}}"), null) == null, "no card for a first check");
                Check.True(SignInCard.From(JObject.Parse(@"{""sign_in"":""odd""}"), null) == null, "a sign_in that is not an object shows nothing");
                var missing = JObject.Parse(@"{""auth_mode"":""subscription_only"",""sign_in"":{""state"":""cli_missing"",
                    ""detail"":""not found; looked at <b>PATH</b>"",""fix_command"":""npm install -g @anthropic-ai/claude-code@2.1.332""}}");
                SignInCard card = SignInCard.From(missing, null);
                Check.Equal("cli_missing", card.State, "the problem");
                Check.Equal("Claude Code is not installed", card.Title, "its title");
                Check.True(card.Explanation.Contains("check again"), "what to do");
                Check.Equal("not found; looked at <b>PATH</b>", card.Detail, "the host's words as they are (the window escapes them)");
                Check.Equal("npm install -g @anthropic-ai/claude-code@2.1.332", card.FixCommand, "the command");
                Check.True(card.SubscriptionOnly && !card.Checking, "the switch's state; not checking");
                SignInCard checking = SignInCard.From(JObject.Parse(@"{""sign_in"":{""state"":""checking""}}"), card);
                Check.True(checking.Checking && checking.State == "cli_missing" && checking.FixCommand == card.FixCommand, "kept while a check runs");
                Check.True(checking.Key != card.Key, "and drawn again with its button disabled");
                Check.True(SignInCard.From(JObject.Parse(@"{""sign_in"":{""state"":""ready""}}"), checking) == null, "gone when the check finds a login");
                var rejected = SignInCard.From(JObject.Parse(@"{""sign_in"":{""state"":""login_rejected"",""fix_command"":""claude auth login""}}"), null);
                Check.Equal("", rejected.Detail, "no detail is an empty one");
                Check.True(!rejected.SubscriptionOnly, "automatic when the status says nothing");
                PanelStrings.Language = PanelLanguage.Japanese;
                Check.Equal("サインインが拒否されました", rejected.Title, "the title in Japanese");
                foreach (string state in new[] { "cli_missing", "cli_too_old", "signed_out", "login_rejected", "check_failed" })
                {
                    Check.True(PanelStrings.English.ContainsKey("signin.title." + state), "a title for " + state);
                    Check.True(PanelStrings.English.ContainsKey("signin.explain." + state), "an explanation for " + state);
                }
                var commands = new PanelCommands();
                Check.Equal("check_sign_in", (string)JObject.Parse(commands.CheckSignIn())["type"], "Check again");
                JObject mode = JObject.Parse(commands.SetAuthMode(true));
                Check.Equal("set_auth_mode", (string)mode["type"], "the switch's command");
                Check.Equal("subscription_only", (string)mode["mode"], "on");
                Check.Equal("automatic", (string)JObject.Parse(commands.SetAuthMode(false))["mode"], "off");
            }
            finally
            {
                PanelStrings.Language = before;
            }
        }

        static List<string> IdsOf(string command)
        {
            JToken ids = JObject.Parse(command)["ids"];
            return ids == null ? null : ids.ToObject<List<string>>();
        }

        // The chips as the host sends them (context events, command_results that carry them), the
        // attach_context a click makes, Ask Claude to fix's attach then message (only once the attach
        // succeeded), the read a new connection makes, and what a drop onto the composer sends.
        static void ContextChipsFollowTheHost(Options options)
        {
            PanelLanguage before = PanelStrings.Language;
            try
            {
                PanelStrings.Language = PanelLanguage.English;
                var commands = new PanelCommands();
                var transcript = new Transcript();
                ContextChips chips = transcript.Chips;
                transcript.Apply(JObject.Parse(@"{""type"":""snapshot"",""protocol"":1,""seq"":41,""status"":{""state"":""ready""},""transcript"":[]}"));
                List<string> due = chips.Due(commands);
                Check.Equal(1, due.Count, "a new connection reads the chips once");
                JObject read = JObject.Parse(due[0]);
                Check.Equal("attach_context", (string)read["type"], "with attach_context");
                Check.True(read["ids"] == null, "and no ids, which changes nothing");
                Check.Equal(0, chips.Due(commands).Count, "and only once");

                transcript.Apply(JObject.Parse(@"{""type"":""command_result"",""id"":""" + (string)read["id"] + @""",""command"":""attach_context"",""ok"":true,
                    ""items"":[{""id"":""scene"",""kind"":""scene"",""label"":""Scene summary"",""text"":"""",""bytes"":0},
                               {""id"":""selection"",""kind"":""selection"",""label"":""Player"",""text"":""selected in the editor (1):\n- object /Player (GameObject) #42"",""bytes"":55}],
                    ""attached"":[],""attached_bytes"":0}"));
                Check.Equal("scene|selection", string.Join("|", chips.Items.ConvertAll(chip => chip.Id).ToArray()), "the answer to the read carries the chips, in order");
                Check.True(!chips.AnyAttached, "none attached yet");
                Check.Equal("Scene summary", chips.Items[0].Display, "the scene summary, no size before it is made");
                Check.True(chips.Items[0].Tooltip.Contains("open scenes"), "and what attaching it makes as its tooltip");
                Check.Equal("Selection Player · 55 B", chips.Items[1].Display, "kind, label and size");
                Check.Equal("selected in the editor (1):\n- object /Player (GameObject) #42", chips.Items[1].Tooltip, "the tooltip is exactly what the model reads");
                Check.Equal("Context (click to attach; drop assets or objects on the message box):", chips.Summary, "the summary with nothing attached");
                string drawn = chips.Key;

                JObject toggle = JObject.Parse(chips.Toggle(commands, "selection"));
                Check.Equal("attach_context", (string)toggle["type"], "a click attaches");
                Check.Equal("selection", string.Join(",", IdsOf(toggle.ToString()).ToArray()), "the attachments plus the chip clicked");

                // The host's context event after the attach, with a Console error offered meanwhile.
                transcript.Apply(JObject.Parse(@"{""type"":""context"",""seq"":42,
                    ""items"":[{""id"":""scene"",""kind"":""scene"",""label"":""Scene summary"",""text"":"""",""bytes"":0},
                               {""id"":""selection"",""kind"":""selection"",""label"":""Player"",""text"":""selected in the editor (1):\n- object /Player (GameObject) #42"",""bytes"":55},
                               {""id"":""console"",""kind"":""console"",""label"":""1 Console error"",""text"":""newest Console errors:\n- exception: <b>NullReferenceException</b>"",""bytes"":1300},
                               {""id"":""P1"",""kind"":""pin"",""label"":""P1"",""text"":""pin P1 at (1, 2, 3)"",""bytes"":19}],
                    ""attached"":[""selection""],""attached_bytes"":55}"));
                Check.True(chips.Key != drawn, "a change draws the chips again");
                Check.True(chips.AnyAttached && chips.Items[1].Attached && !chips.Items[2].Attached, "the event says which are attached");
                Check.Equal("Console 1 Console error · 1.3 KB", chips.Items[2].Display, "a size over a KiB in KB, one decimal");
                Check.Equal("Attached to the next message: 1 (55 B)", chips.Summary, "the summary counts the attached ones");
                Check.Equal(0, transcript.Cards.Count, "chips are no transcript card");
                Check.Equal("selection,P1", string.Join(",", IdsOf(chips.Toggle(commands, "P1")).ToArray()), "a second chip joins the first");
                Check.Equal("", string.Join(",", IdsOf(chips.Toggle(commands, "selection")).ToArray()), "clicking an attached chip detaches it, [] detaching all");
                Check.True(IdsOf(chips.Toggle(commands, "selection")).Count == 0 && JObject.Parse(chips.Toggle(commands, "selection"))["ids"] is JArray,
                           "the detach-all sends an empty ids array, not a read");

                // Ask Claude to fix: the attach first, the message only once the host took it.
                string fix = chips.AskToFix(commands);
                Check.Equal("selection,console", string.Join(",", IdsOf(fix).ToArray()), "the attachments plus console");
                Check.Equal(0, chips.Due(commands).Count, "no message before the attach is answered");
                transcript.Apply(JObject.Parse(@"{""type"":""command_result"",""id"":""panel-999"",""command"":""attach_context"",""ok"":true}"));
                Check.Equal(0, chips.Due(commands).Count, "another command's answer sends nothing");
                transcript.Apply(JObject.Parse(@"{""type"":""command_result"",""id"":""" + (string)JObject.Parse(fix)["id"] + @""",""command"":""attach_context"",""ok"":true,
                    ""items"":[{""id"":""console"",""kind"":""console"",""label"":""1 Console error"",""text"":""newest Console errors:\n- exception: x"",""bytes"":40},
                               {""id"":""selection"",""kind"":""selection"",""label"":""Player"",""text"":""selected"",""bytes"":8}],
                    ""attached"":[""selection"",""console""],""attached_bytes"":48}"));
                due = chips.Due(commands);
                Check.Equal(1, due.Count, "then the message");
                JObject send = JObject.Parse(due[0]);
                Check.Equal("send", (string)send["type"], "sent as a message");
                Check.Equal("Fix the Console error attached to this message.", (string)send["text"], "the browser panel's words");
                Check.True((string)send["id"] != (string)JObject.Parse(fix)["id"], "a command of its own, not the attach's");
                Check.Equal(0, chips.Due(commands).Count, "sent once");
                Check.Equal("console|selection", string.Join("|", chips.Items.ConvertAll(chip => chip.Id).ToArray()), "the answer's chips replace the old");
                Check.Equal("console,selection", string.Join(",", IdsOf(chips.AskToFix(commands)).ToArray()), "console is not named twice when attached already");
                string refusedFix = chips.AskToFix(commands);
                transcript.Apply(JObject.Parse(@"{""type"":""command_result"",""id"":""" + (string)JObject.Parse(refusedFix)["id"] + @""",""command"":""attach_context"",""ok"":false,
                    ""error"":""attach_context refused: 'console' is not a current chip; the context event lists them""}"));
                Check.Equal(0, chips.Due(commands).Count, "a refused attach sends no message about nothing");
                Check.True(transcript.LastCommandError.Contains("not a current chip"), "the refusal shows in the status line");
                Check.Equal(2, chips.Items.Count, "a refusal without items leaves the chips");

                // A reconnect: the new snapshot clears what is no longer known and reads again.
                transcript.Apply(JObject.Parse(@"{""type"":""snapshot"",""protocol"":1,""seq"":90,""status"":{},""transcript"":[]}"));
                Check.Equal(0, chips.Items.Count, "no stale chips after a new snapshot");
                due = chips.Due(commands);
                Check.True(due.Count == 1 && IdsOf(due[0]) == null, "read again on the new connection");

                // Drops: assets by project path, scene objects by hierarchy path, each once; built-in
                // resources and things with neither are left out.
                var dropped = new List<DroppedThing>
                {
                    new DroppedThing { AssetPath = "Assets/Scripts/Player.cs", HierarchyPath = "" },
                    new DroppedThing { AssetPath = "", HierarchyPath = "/Level/Player" },
                    new DroppedThing { AssetPath = "Assets/Prefabs/Enemy.prefab", HierarchyPath = "" },
                    new DroppedThing { AssetPath = "Assets/Scripts/Player.cs", HierarchyPath = "" },
                    new DroppedThing { AssetPath = "Resources/unity_builtin_extra", HierarchyPath = "" },
                    new DroppedThing { AssetPath = "", HierarchyPath = "" },
                    new DroppedThing { AssetPath = "Packages/com.example/Runtime/A.cs", HierarchyPath = "" },
                };
                List<string> adds = ContextChips.Dropped(commands, dropped);
                Check.Equal("asset=Assets/Scripts/Player.cs|object=/Level/Player|asset=Assets/Prefabs/Enemy.prefab|asset=Packages/com.example/Runtime/A.cs",
                            string.Join("|", adds.ConvertAll(command =>
                            {
                                JObject add = JObject.Parse(command);
                                Check.Equal("add_context", (string)add["type"], "a drop adds a chip");
                                Check.True(add["asset"] == null || add["object"] == null, "exactly one of asset and object");
                                return add["asset"] != null ? "asset=" + (string)add["asset"] : "object=" + (string)add["object"];
                            }).ToArray()), "one add_context per thing the host can take, in order, each once");
                Check.True(ContextChips.Accepts(dropped[1]) && !ContextChips.Accepts(dropped[4]) && !ContextChips.Accepts(dropped[5]),
                           "a drag shows the copy cursor only for what the host can take");
                Check.Equal(0, ContextChips.Dropped(commands, new[] { dropped[5] }).Count, "a drop of nothing usable sends nothing");

                Check.Equal("<\u200Bb>x<\u200B/b>", PanelText.Tooltip("<b>x</b>"), "a tooltip shows tags as typed");
                PanelStrings.Language = PanelLanguage.Japanese;
                string fixInJapanese = chips.AskToFix(commands);
                transcript.Apply(JObject.Parse(@"{""type"":""command_result"",""id"":""" + (string)JObject.Parse(fixInJapanese)["id"] + @""",""command"":""attach_context"",""ok"":true}"));
                due = chips.Due(commands);
                Check.True(due.Count == 1 && (string)JObject.Parse(due[0])["text"] == ContextChips.FixPrompt, "the message to the agent is not translated");
                Check.Equal("次のメッセージに添付: 1 件 (55 B)", PanelStrings.Get("chips.attached", "count", "1", "size", ContextChips.SizeText(55)), "the summary in Japanese");
            }
            finally
            {
                PanelStrings.Language = before;
            }
        }

        // Retry and Edit send retry_last_message with the words as typed; a subagent's task in a
        // reopened transcript is marked, so the window offers them only on the user's own messages.
        static void RetrySpeaksTheProtocolAndSkipsSubagentTasks(Options options)
        {
            var commands = new PanelCommands();
            JObject retry = JObject.Parse(commands.RetryLastMessage("\"引用\" <b>\n2行目"));
            Check.Equal("retry_last_message", (string)retry["type"], "the command");
            Check.Equal("\"引用\" <b>\n2行目", (string)retry["text"], "the words travel as typed");
            var transcript = new Transcript();
            transcript.Apply(JObject.Parse(@"{""type"":""transcript_reset"",""seq"":4,""session_id"":"""",""items"":[
                {""type"":""user_message"",""text"":""mine""},{""type"":""user_message"",""text"":""a task"",""subagent"":true}]}"));
            Check.Equal(2, transcript.Cards.Count, "both drawn");
            Check.True(!transcript.Cards[0].Subagent, "the user's message");
            Check.True(transcript.Cards[1].Subagent, "the subagent's task is marked");
        }

        // The window's history search and delete speak the panel protocol's list_history and delete_history.
        static void HistorySearchAndDeleteCommands(Options options)
        {
            var commands = new PanelCommands();
            JObject all = JObject.Parse(commands.ListHistory(string.Empty));
            Check.Equal("list_history", (string)all["type"], "an empty search lists everything");
            Check.True(all["query"] == null, "and sends no query");
            JObject search = JObject.Parse(commands.ListHistory("\"プレハブ\" <b>"));
            Check.Equal("\"プレハブ\" <b>", (string)search["query"], "the query travels as typed, escaped by the JSON writer");
            JObject delete = JObject.Parse(commands.DeleteHistory("s-1"));
            Check.Equal("delete_history", (string)delete["type"], "delete command");
            Check.Equal("s-1", (string)delete["session_id"], "names the session");
            Check.True((string)delete["id"] != (string)search["id"], "each command has its own id");
        }

        // SessionState as a dictionary: what a domain reload leaves of the window (RealCliTests reloads with it too).
        internal sealed class MemoryValues : ISessionValues
        {
            public readonly Dictionary<string, string> Values = new Dictionary<string, string>();
            public int Writes;
            public string GetString(string key, string fallback) { string value; return Values.TryGetValue(key, out value) ? value : fallback; }
            public void SetString(string key, string value) { Values[key] = value; ++Writes; }
        }

        // The tab's badge: a waiting card or a turn finished out of sight, never the turns a snapshot
        // brought; and a draft and scroll position that outlive the window (a domain reload).
        static void BadgeAndKeptDraft(Options options)
        {
            var transcript = new Transcript();
            var badge = new AttentionBadge();
            Check.Equal(Attention.None, badge.Observe(transcript, WindowFocus.Unfocused), "nothing before the snapshot");
            transcript.Apply(JObject.Parse(@"{""type"":""snapshot"",""protocol"":1,""seq"":5,""status"":{""state"":""ready""},""pending_permissions"":[],
                ""transcript"":[{""type"":""turn_finished"",""seq"":4,""turn_id"":2,""result"":""done""}]}"));
            Check.Equal(Attention.None, badge.Observe(transcript, WindowFocus.Unfocused), "the snapshot's finished turns are not news");
            transcript.Apply(JObject.Parse(@"{""type"":""turn_finished"",""seq"":6,""turn_id"":3,""result"":""done""}"));
            Check.Equal(Attention.TurnFinished, badge.Observe(transcript, WindowFocus.Unfocused), "a turn finished out of sight");
            transcript.Apply(JObject.Parse(@"{""type"":""permission_requested"",""seq"":7,""permission"":{""permission_id"":""p1"",""tool_name"":""Write"",""input"":{}}}"));
            Check.Equal(Attention.CardWaiting, badge.Observe(transcript, WindowFocus.Unfocused), "a waiting card outranks a finished turn");
            Check.Equal(Attention.None, badge.Observe(transcript, WindowFocus.Focused), "looking at the window clears the badge");
            transcript.Apply(JObject.Parse(@"{""type"":""permission_answered"",""seq"":8,""permission_id"":""p1""}"));
            Check.Equal(Attention.None, badge.Observe(transcript, WindowFocus.Unfocused), "a turn seen while focused stays seen");

            var values = new MemoryValues();
            var kept = new KeptDraft(values);
            Check.Equal(string.Empty, kept.Draft, "no draft at first");
            Check.True(float.IsNaN(kept.ScrollY), "no scroll position at first");
            kept.Keep("half a mess", 120.5f, false);
            kept.Keep("half a mess", 120.5f, false);
            Check.Equal(2, values.Writes, "an unchanged draft and position are not written again");
            kept.Keep("half a message 日本語 <color=red>", 3000.25f, false);
            var afterReload = new KeptDraft(values);
            Check.Equal("half a message 日本語 <color=red>", afterReload.Draft, "the draft survives the window");
            Check.Equal(3000.25f, afterReload.ScrollY, "the scroll position survives the window");
            afterReload.Keep("half a message 日本語 <color=red>", 3000.25f, true);
            Check.True(float.IsNaN(new KeptDraft(values).ScrollY), "a window that followed the newest card follows again, whatever an earlier one kept");
            afterReload.Keep("half a message 日本語 <color=red>", 2000f, false);
            Check.Equal(2000f, new KeptDraft(values).ScrollY, "scrolled up again, the offset is kept");
            values.Values["AgentPanel.Window.ScrollY"] = "not a number";
            Check.True(float.IsNaN(new KeptDraft(values).ScrollY), "a damaged position is ignored, not guessed");
        }

        // The "@" mention at the caret: where one starts and where not, the command for it, the host's
        // answer (a stale one ignored), Up/Down, Escape, and the picked entry replacing the whole word.
        static void MentionTokenAndPick(Options options)
        {
            Func<string, string> prefixAtEnd = text => { MentionToken token = MentionCompletion.Find(text, text.Length); return token == null ? null : token.Prefix; };
            Check.Equal("Ass", prefixAtEnd("@Ass"), "at the start of the text");
            Check.Equal("", prefixAtEnd("@"), "a bare @ asks for the roots");
            Check.Equal("Assets/Scr", prefixAtEnd("look at @Assets/Scr"), "after a space");
            Check.Equal("Assets/", prefixAtEnd("first line\n@Assets/"), "after a newline");
            Check.True(prefixAtEnd("write to me@example.com") == null, "not inside an email address");
            Check.True(prefixAtEnd("@Assets/a.txt done") == null, "not once a space ends the word");
            Check.True(prefixAtEnd("a@@b") == null && prefixAtEnd("@a@b") == null, "no second @ in the word");
            Check.True(MentionCompletion.Find(null, 0) == null && MentionCompletion.Find("@a", 5) == null, "no text or a caret outside it");
            MentionToken middle = MentionCompletion.Find("see @Assets/Do more", "see @Ass".Length);
            Check.Equal("Ass", middle.Prefix, "the caret in the middle of the word: only what is before it");
            Check.Equal(4, middle.At, "the @ of the word");
            Check.Equal("see @Assets/Do".Length, middle.End, "the word goes on past the caret");

            var commands = new PanelCommands();
            var transcript = new Transcript();
            MentionCompletion mentions = transcript.Mentions;
            string first = mentions.Ask(commands, "@Ass", 4);
            JObject asked = JObject.Parse(first);
            Check.Equal("complete_mention", (string)asked["type"], "the command");
            Check.Equal("Ass", (string)asked["prefix"], "the typed path, without the @");
            Check.True(mentions.Ask(commands, "@Ass", 4) == null, "the same word is asked about once");
            string second = mentions.Ask(commands, "@Asse", 5);
            transcript.Apply(new JObject { { "type", "command_result" }, { "id", (string)asked["id"] }, { "command", "complete_mention" }, { "ok", true },
                                           { "candidates", JArray.Parse(@"[{""path"":""Assets/"",""folder"":true},{""path"":""Assembly.txt"",""folder"":false}]") } });
            Check.True(!mentions.Open, "the answer to an older keystroke is dropped");
            transcript.Apply(new JObject { { "type", "command_result" }, { "id", (string)JObject.Parse(second)["id"] }, { "command", "complete_mention" }, { "ok", true },
                                           { "truncated", true }, { "candidates", JArray.Parse(@"[{""path"":""Assets/"",""folder"":true},{""path"":""Assetsy.txt"",""folder"":false}]") } });
            Check.True(mentions.Open && mentions.Candidates.Count == 2 && mentions.Truncated, "the newest answer is listed, with its truncation");
            mentions.Move(-1);
            Check.Equal(1, mentions.Selected, "Up from the first wraps to the last");
            mentions.Move(1);
            Check.Equal(0, mentions.Selected, "Down from the last wraps to the first");
            mentions.Close();
            Check.True(!mentions.Open && mentions.Ask(commands, "@Asse", 5) == null, "Escape closes, and the same word does not open it again");
            Check.True(mentions.Ask(commands, "@Asset", 6) != null, "typing on asks again");

            // A pick with the caret in the middle replaces the whole word; a file gets a space after it.
            var answer = new JObject { { "type", "command_result" }, { "command", "complete_mention" }, { "ok", true },
                                       { "candidates", JArray.Parse(@"[{""path"":""Assets/Docs/"",""folder"":true},{""path"":""Assets/Docs.txt"",""folder"":false}]") } };
            answer["id"] = (string)JObject.Parse(mentions.Ask(commands, "read @Assets/Do now", "read @Assets/D".Length))["id"];
            transcript.Apply(answer);
            mentions.Move(1);
            MentionPick file = mentions.Pick("read @Assets/Do now", "read @Assets/D".Length);
            Check.Equal("read @Assets/Docs.txt now", file.Text, "the file replaces the word, the space after it kept");
            Check.Equal("read @Assets/Docs.txt".Length, file.Caret, "the caret after the path");
            Check.True(!file.Folder && !mentions.Open, "a file closes the list");
            Check.True(mentions.Ask(commands, file.Text, file.Caret) == null, "a picked file is not asked about again");
            answer["id"] = (string)JObject.Parse(mentions.Ask(commands, "@Assets/D", 9))["id"];
            transcript.Apply(answer);
            MentionPick folder = mentions.Pick("@Assets/D", 9);
            Check.Equal("@Assets/Docs/", folder.Text, "a folder without a space");
            Check.True(folder.Folder, "a folder goes on");
            Check.Equal("Assets/Docs/", (string)JObject.Parse(mentions.Ask(commands, folder.Text, folder.Caret))["prefix"], "and its entries are asked for next");
            answer["id"] = (string)JObject.Parse(mentions.Ask(commands, "@x", 2))["id"];
            answer["ok"] = false;
            answer["error"] = "complete_mention: '..' is not allowed";
            transcript.Apply(answer);
            Check.True(!mentions.Open, "a refusal lists nothing");
            Check.True(mentions.Pick("@x", 2) == null, "and nothing is picked");
            Check.True(transcript.LastCommandError == null, "and is not shown in the status line, as the browser panel drops it");
            transcript.Apply(new JObject { { "type", "command_result" }, { "id", "panel-900" }, { "command", "resume" }, { "ok", false }, { "error", "no such session" } });
            answer["id"] = (string)JObject.Parse(mentions.Ask(commands, "@../", 4))["id"];
            transcript.Apply(answer);
            Check.Equal("resume: no such session", transcript.LastCommandError, "another command's refusal stays in the status line after a mention's");
            answer["id"] = (string)JObject.Parse(mentions.Ask(commands, "@Ass", 4))["id"];
            answer["ok"] = true;
            transcript.Apply(answer);
            Check.Equal("resume: no such session", transcript.LastCommandError, "and after a mention's answer");
            transcript.Apply(new JObject { { "type", "command_result" }, { "id", "panel-901" }, { "command", "resume" }, { "ok", true } });
            Check.True(transcript.LastCommandError == null, "another command's success still clears it");
            mentions.Close();
            Check.True(mentions.Ask(commands, "no mention", 10) == null && !mentions.Open, "no mention at the caret: nothing asked, the list closed");
        }

        // The window's one-click allow-always offers the card's narrow rules (never every Write) and
        // sends the rule it showed; bypassPermissions goes out only as the confirmed command.
        static void AllowAlwaysIsScopedAndBypassConfirmed(Options options)
        {
            var transcript = new Transcript();
            transcript.Apply(JObject.Parse(@"{""type"":""permission_requested"",""seq"":1,""permission"":{""permission_id"":""p1"",""tool_name"":""Write"",
                ""input"":{""file_path"":""Assets/Docs/a.txt""},""always_allow_rules"":[""Write(Assets/Docs/a.txt)""],
                ""always_allow_scopes"":[{""scope"":""file"",""rule"":""Write(Assets/Docs/a.txt)""},{""scope"":""folder"",""rule"":""Write(Assets/Docs/**)""},
                                         {""scope"":""tool"",""rule"":""Write""}]}}"));
            PermissionCard write = transcript.PendingPermissions[0];
            Check.Equal(3, write.AlwaysAllowScopes.Count, "every scope the card offers is read");
            List<AlwaysAllowScope> narrow = write.NarrowScopes();
            Check.Equal(2, narrow.Count, "the window offers the file and the folder");
            Check.Equal("Write(Assets/Docs/a.txt)", narrow[0].Rule, "narrowest first");
            Check.True(narrow.TrueForAll(scope => scope.Rule != "Write"), "never the bare tool when something narrower is offered");
            transcript.Apply(JObject.Parse(@"{""type"":""permission_requested"",""seq"":2,""permission"":{""permission_id"":""p2"",""tool_name"":""mcp__uap__uap_play_mode"",
                ""input"":{},""always_allow_scopes"":[{""scope"":""tool"",""rule"":""mcp__uap__uap_play_mode""}]}}"));
            List<AlwaysAllowScope> ours = transcript.PendingPermissions[1].NarrowScopes();
            Check.True(ours.Count == 1 && ours[0].Rule == "mcp__uap__uap_play_mode", "a tool with nothing narrower offers the tool");

            var commands = new PanelCommands();
            JObject always = JObject.Parse(commands.AllowAlways("p1", narrow[0].Rule));
            Check.Equal("allow_always", (string)always["decision"], "allow-always");
            Check.Equal("Write(Assets/Docs/a.txt)", (string)always["rule"], "the rule the button showed is sent");
            Check.True(always["tool_wide"] == null, "never tool-wide from the window");
            JObject plain = JObject.Parse(commands.SetPermissionMode("acceptEdits"));
            Check.True(plain["confirm_bypass"] == null, "other modes carry no confirmation");
            JObject bypass = JObject.Parse(commands.ConfirmBypassPermissions());
            Check.Equal("bypassPermissions", (string)bypass["mode"], "the bypass mode");
            Check.True((bool?)bypass["confirm_bypass"] == true, "the confirmation the host requires");
            Check.True(PanelStrings.English["bypass.warning"].Contains("without asking"), "the warning says what the mode does");
        }

        // AskUserQuestion read from the card, a single choice that keeps only the newest pick, several
        // choices plus Other joined as the CLI reads them, no command while a question is unanswered.
        static void QuestionFormAnswers(Options options)
        {
            var transcript = new Transcript();
            transcript.Apply(JObject.Parse(@"{""type"":""permission_requested"",""seq"":1,""permission"":{""permission_id"":""q1"",""tool_name"":""AskUserQuestion"",
                ""input"":{""questions"":[{""question"":""Which color?"",""header"":""Color"",""multiSelect"":false,
                                            ""options"":[{""label"":""Red"",""description"":""warm""},{""label"":""<b>Blue</b>"",""description"":""""}]},
                                           {""question"":""Which sides?"",""header"":""Sides"",""multiSelect"":true,
                                            ""options"":[{""label"":""Top""},{""label"":""Bottom""}]}]}}}"));
            QuestionForm form = QuestionForm.For(transcript.PendingPermissions[0]);
            Check.True(form != null, "an AskUserQuestion card becomes a form");
            Check.Equal(2, form.Questions.Count, "both questions");
            Check.Equal("Color", form.Questions[0].Header, "the header");
            Check.Equal("<b>Blue</b>", form.Questions[0].Choices[1].Label, "a label is kept as sent (the window renders it literally)");
            Check.True(!form.Questions[0].MultiSelect && form.Questions[1].MultiSelect, "single and multiple choice");

            var commands = new PanelCommands();
            Check.True(commands.AnswerQuestions(form) == null, "nothing is sent while no question is answered");
            Check.Equal("Which color?", form.Unanswered().Text, "the first unanswered question is named");
            form.Questions[0].Pick(0, true);
            form.Questions[0].Pick(1, true);
            Check.Equal("<b>Blue</b>", form.Questions[0].Answer(), "a single choice keeps the newest pick");
            Check.True(commands.AnswerQuestions(form) == null, "the second question still has no answer");
            form.Questions[1].Pick(1, true);
            form.Questions[1].Pick(0, true);
            form.Questions[1].Pick(7, true);
            form.Questions[1].Other = "  the front ";
            Check.Equal("Top, Bottom, the front", form.Questions[1].Answer(), "several picks in the card's order, then Other, trimmed; an unknown index is ignored");
            JObject answer = JObject.Parse(commands.AnswerQuestions(form));
            Check.Equal("answer_permission", (string)answer["type"], "an answer_permission command");
            Check.Equal("allow", (string)answer["decision"], "answering allows the tool");
            Check.Equal("q1", (string)answer["permission_id"], "for the card");
            Check.Equal("<b>Blue</b>", (string)answer["updated_input"]["answers"]["Which color?"], "the first answer by question text");
            Check.Equal("Top, Bottom, the front", (string)answer["updated_input"]["answers"]["Which sides?"], "the second answer");
            Check.Equal(2, ((JArray)answer["updated_input"]["questions"]).Count, "the questions go back as the CLI sent them");
            JObject skip = JObject.Parse(commands.SkipQuestions(form));
            Check.Equal("deny", (string)skip["decision"], "skipping denies");
            Check.True(((string)skip["message"]).Contains("skipped"), "and tells the model the user skipped");

            transcript.Apply(JObject.Parse(@"{""type"":""permission_requested"",""seq"":2,""permission"":{""permission_id"":""q2"",""tool_name"":""AskUserQuestion"",""input"":{""questions"":""not a list""}}}"));
            Check.True(QuestionForm.For(transcript.PendingPermissions[1]) == null, "a malformed question list stays an ordinary permission card");
            transcript.Apply(JObject.Parse(@"{""type"":""permission_requested"",""seq"":3,""permission"":{""permission_id"":""w1"",""tool_name"":""Write"",""input"":{""questions"":[{""question"":""x""}]}}}"));
            Check.True(QuestionForm.For(transcript.PendingPermissions[2]) == null, "only AskUserQuestion becomes a form");
        }

        // Every key in both languages, the same placeholders in each, and a switch that is announced
        // and changes what Get returns at once.
        static void CatalogueParityAndSwitching(Options options)
        {
            foreach (string key in PanelStrings.English.Keys)
            {
                Check.True(PanelStrings.Japanese.ContainsKey(key), "Japanese has " + key);
                if (!PanelStrings.Japanese.ContainsKey(key))
                    continue;
                Check.Equal(string.Join(",", PanelStrings.PlaceholdersOf(PanelStrings.English[key]).ToArray()),
                            string.Join(",", PanelStrings.PlaceholdersOf(PanelStrings.Japanese[key]).ToArray()), "placeholders of " + key);
                Check.True(PanelStrings.English[key].Trim().Length > 0 && PanelStrings.Japanese[key].Trim().Length > 0, "no empty text for " + key);
            }
            foreach (string key in PanelStrings.Japanese.Keys)
                Check.True(PanelStrings.English.ContainsKey(key), "English has " + key);
            foreach (string state in new[] { "cli_unavailable", "not_installed", "disabled", "enabled_not_loaded", "loaded", "load_error" })
                Check.True(PanelStrings.English.ContainsKey("plugin." + state), "a text for the plugin state " + state);
            var commands = new PanelCommands();
            var install = JObject.Parse(commands.InstallPlugin());
            Check.Equal("install_plugin", (string)install["type"], "the install command");
            Check.Equal("unity@unity-agent-plugin", (string)install["plugin"], "the plugin travels in its own field, not in the command id");
            Check.True(((string)install["id"]).StartsWith("panel-"), "the command id stays the panel's");
            var transcript = new Transcript();
            transcript.Apply(JObject.Parse("{\"type\":\"integration_install\",\"seq\":3,\"phase\":\"running\",\"step\":\"install\",\"elapsed_seconds\":2}"));
            Check.Equal("running", (string)transcript.LastInstall["phase"], "the install's progress is kept for the status line");
            Check.Equal(0, transcript.Cards.Count, "and is not a transcript card");
            Check.Equal(PanelLanguage.Japanese, PanelStrings.FromCulture("ja-JP"), "ja-JP");
            Check.Equal(PanelLanguage.Japanese, PanelStrings.FromCulture("ja"), "ja");
            Check.Equal(PanelLanguage.English, PanelStrings.FromCulture("en-US"), "en-US");
            Check.Equal(PanelLanguage.English, PanelStrings.FromCulture("jam"), "a culture that only starts with ja");
            Check.Equal(PanelLanguage.English, PanelStrings.FromCulture(""), "the invariant culture");

            PanelLanguage before = PanelStrings.Language;
            int announced = 0;
            Action counter = () => ++announced;
            PanelStrings.Changed += counter;
            try
            {
                PanelStrings.Language = PanelLanguage.English;
                announced = 0;
                Check.Equal("Allow Write?", PanelStrings.Get("permission.ask", "tool", "Write"), "English, with its placeholder");
                PanelStrings.Language = PanelLanguage.Japanese;
                Check.Equal(1, announced, "the switch is announced once");
                Check.Equal("Write を許可しますか?", PanelStrings.Get("permission.ask", "tool", "Write"), "Japanese at once");
                PanelStrings.Language = PanelLanguage.Japanese;
                Check.Equal(1, announced, "setting the same language again announces nothing");
                Check.Equal("no.such.key", PanelStrings.Get("no.such.key"), "an unknown key shows itself");

                // A keyed notice follows the window's language, with the host's values in it; one without a key shows the host's text.
                transcript.Apply(JObject.Parse(@"{""type"":""notice"",""seq"":4,""level"":""warning"",""key"":""api_retry"",""params"":{""attempt"":""3""},"
                                               + @"""text"":""the API call failed and is retried (attempt 3)""}"));
                transcript.Apply(JObject.Parse(@"{""type"":""notice"",""seq"":5,""level"":""warning"",""text"":""the CLI's own words""}"));
                Card keyed = transcript.Cards[transcript.Cards.Count - 2];
                Check.Equal("API 呼び出しが失敗したため再試行します(3 回目)", keyed.NoticeText(), "a keyed notice in Japanese");
                Check.Equal("the CLI's own words", transcript.Cards[transcript.Cards.Count - 1].NoticeText(), "an unkeyed notice as the host wrote it");
                PanelStrings.Language = PanelLanguage.English;
                Check.Equal("the API call failed and is retried (attempt 3)", keyed.NoticeText(), "the same card in English after a switch");
            }
            finally
            {
                PanelStrings.Changed -= counter;
                PanelStrings.Language = before;
            }
        }

        // What TextCore would parse as tags: everything outside <noparse>…</noparse> spans.
        static int ClosingNoParseCount(string text)
        {
            return Regex.Matches(text, @"</\s*noparse", RegexOptions.IgnoreCase).Count;
        }

        static void EscapingRendersLiterally(Options options)
        {
            Check.Equal("<noparse>List<int></noparse>", PanelText.Literal("List<int>"), "generics stay literal");
            Check.Equal("<noparse><color=red>x</color></noparse>", PanelText.Literal("<color=red>x</color>"), "a color tag stays literal");
            Check.Equal("", PanelText.Literal(null), "null renders as nothing");
            foreach (string hostile in new[] { "a</noparse><color=red>b", "</NOPARSE><b>x</b>", "</ noparse >y", "<noparse></noparse></noparse>" })
            {
                string safe = PanelText.Literal(hostile);
                Check.Equal(1, ClosingNoParseCount(safe), "only the chokepoint's own closing tag remains in " + safe);
                Check.True(safe.EndsWith("</noparse>") && safe.StartsWith("<noparse>"), "one span wraps " + hostile);
                Check.Equal(hostile, safe.Substring(9, safe.Length - 19).Replace(PanelText.ZeroWidthSpace, ""), "the visible characters are unchanged");
            }
        }

        static void EnterNeverSendsDuringComposition(Options options)
        {
            var composer = new Composer { Text = "にほんご" };
            string sent;
            Check.Equal(ComposerAction.ConfirmComposition, composer.OnKey(ComposerKey.Enter, KeyModifiers.None, CompositionState.Composing, out sent), "Enter during a composition");
            Check.True(sent == null && composer.Text == "にほんご", "nothing was sent and the text stays");
            Check.Equal(ComposerAction.ConfirmComposition, composer.OnKey(ComposerKey.Enter, KeyModifiers.Control, CompositionState.Composing, out sent), "Ctrl+Enter during a composition");
            Check.Equal(ComposerAction.InsertNewline, composer.OnKey(ComposerKey.Enter, KeyModifiers.Shift, CompositionState.None, out sent), "Shift+Enter");
            Check.Equal(ComposerAction.Send, composer.OnKey(ComposerKey.Enter, KeyModifiers.None, CompositionState.None, out sent), "Enter after the composition");
            Check.Equal("にほんご", sent, "the text sent");
            Check.Equal("", composer.Text, "the composer is cleared");
            Check.Equal(ComposerAction.None, composer.OnKey(ComposerKey.Enter, KeyModifiers.None, CompositionState.None, out sent), "Enter on an empty composer");
            var controlEnter = new Composer { Text = "x", SendKey = SendKey.ControlEnter };
            Check.Equal(ComposerAction.InsertNewline, controlEnter.OnKey(ComposerKey.Enter, KeyModifiers.None, CompositionState.None, out sent), "Enter with the Ctrl+Enter setting");
            Check.Equal(ComposerAction.Send, controlEnter.OnKey(ComposerKey.Enter, KeyModifiers.Command, CompositionState.None, out sent), "Cmd+Enter with the setting");
            Check.Equal(ComposerAction.None, controlEnter.OnKey(ComposerKey.Other, KeyModifiers.None, CompositionState.None, out sent), "another key");
        }

        static void TranscriptFollowsEvents(Options options)
        {
            var transcript = new Transcript();
            transcript.Apply(JObject.Parse(@"{""type"":""snapshot"",""protocol"":1,""seq"":4,""status"":{""state"":""ready"",""model"":""m1""},
                ""transcript"":[{""type"":""user_message"",""text"":""hi"",""turn_id"":1},{""type"":""assistant_message"",""text"":""hello"",""turn_id"":1}],
                ""streaming"":{""turn_id"":2,""text"":""par""},""pending_permissions"":[]}"));
            Check.Equal(2, transcript.Cards.Count, "snapshot cards");
            Check.Equal("par", transcript.StreamingText, "snapshot streaming text");
            transcript.Apply(JObject.Parse(@"{""type"":""text_delta"",""seq"":5,""turn_id"":2,""index"":0,""text"":""tial""}"));
            Check.Equal("partial", transcript.StreamingText, "deltas append");
            transcript.Apply(JObject.Parse(@"{""type"":""status"",""seq"":6,""status"":{""state"":""running""}}"));
            Check.Equal("running", transcript.State, "status merges");
            Check.Equal("m1", (string)transcript.Status["model"], "unchanged status fields stay");
            transcript.Apply(JObject.Parse(@"{""type"":""tool_started"",""seq"":7,""tool_use_id"":""t1"",""name"":""uap_ping"",""input"":{},""turn_id"":2}"));
            transcript.Apply(JObject.Parse(@"{""type"":""permission_requested"",""seq"":8,""permission"":{""permission_id"":""p1"",""tool_name"":""mcp__unity__x"",
                ""input"":{""a"":1},""always_allow_rules"":[""mcp__unity__x""],""metadata"":{""read_only"":false,""undoable"":true,""destructive"":false}}}"));
            Check.Equal(1, transcript.PendingPermissions.Count, "a pending permission card");
            Check.True(transcript.PendingPermissions[0].Undoable && !transcript.PendingPermissions[0].Destructive, "permission badges");
            Check.Equal("mcp__unity__x", transcript.PendingPermissions[0].AlwaysAllowRules[0], "the rule allow-always adds");
            transcript.Apply(JObject.Parse(@"{""type"":""permission_answered"",""seq"":9,""permission_id"":""p1"",""decision"":""allow""}"));
            Check.Equal(0, transcript.PendingPermissions.Count, "an answered permission leaves");
            transcript.Apply(JObject.Parse(@"{""type"":""tool_finished"",""seq"":10,""tool_use_id"":""t1"",""is_error"":true,""content"":""boom"",""turn_id"":2}"));
            Card tool = transcript.Cards[2];
            Check.True(tool.Kind == CardKind.Tool && tool.Finished && tool.IsError && tool.ToolResult == "boom", "the tool card holds its error");
            transcript.Apply(JObject.Parse(@"{""type"":""assistant_message"",""seq"":11,""text"":""done"",""turn_id"":2}"));
            Check.Equal("", transcript.StreamingText, "the final text replaces the streaming text");
            transcript.Apply(JObject.Parse(@"{""type"":""something_new"",""seq"":12,""x"":1}"));
            Check.Equal(4, transcript.Cards.Count, "an unknown event adds nothing");
            Check.Equal(12L, transcript.LastSequence, "the last sequence is tracked");
            transcript.Apply(JObject.Parse(@"{""type"":""editor_event"",""seq"":13,""kind"":""selection"",""text"":""selection: 1 item: /Player"",""count"":1}"));
            Check.Equal(4, transcript.Cards.Count, "a selection only changes the status");
            transcript.Apply(JObject.Parse(@"{""type"":""editor_event"",""seq"":14,""kind"":""compile"",""state"":""compile_failed"",""text"":""the scripts do not compile: 1 error(s)""}"));
            Check.True(transcript.Cards[4].Kind == CardKind.Notice && transcript.Cards[4].Level == "warning", "a failed compile is a warning notice");
            transcript.Apply(JObject.Parse(@"{""type"":""command_result"",""id"":""panel-1"",""command"":""list_history"",""ok"":true,
                ""sessions"":[{""session_id"":""s2"",""title"":""<b>newest</b>"",""modified_unix_ms"":2},{""session_id"":""s1"",""title"":""older"",""modified_unix_ms"":1}]}"));
            Check.Equal(2, transcript.History.Count, "history entries");
            Check.Equal("s2", transcript.History[0].SessionId, "newest first, as sent");
            Check.True(transcript.LastCommandError == null, "an accepted command clears the error");
            transcript.Apply(JObject.Parse(@"{""type"":""command_result"",""id"":""panel-2"",""command"":""resume"",""ok"":false,""error"":""no such session""}"));
            Check.Equal("resume: no such session", transcript.LastCommandError, "a refused command is kept for the status line");
            Check.Equal(2, transcript.History.Count, "a result without sessions keeps the history");
            var commands = new PanelCommands();
            JObject answer = JObject.Parse(commands.AnswerPermission("p2", PermissionDecision.AllowAlways, null));
            Check.Equal("allow_always", (string)answer["decision"], "allow-always command");
            Check.Equal("answer_permission", (string)answer["type"], "command type");
            Check.True(answer["id"] != null, "commands carry an id");
        }
    }
}
