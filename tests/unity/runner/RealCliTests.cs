// The panel view model against the real host and the real Claude Code CLI (tests/node, on the
// scripted fake Messages API): a streamed turn and permission cards answered allow, deny and
// allow-always (a tool-wide rule, and the narrow rule the window's button shows for a Write), rendered
// into the Transcript through PanelClient; the tool the agent calls runs in the C# in-memory scene
// through the shim's bridge client, and a turn's changes there are reverted from the window. A domain
// reload in the middle of a streamed answer keeps the draft and the transcript, and "@" mentions are
// completed by the host one folder at a time.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using AgentPanel.Host;
using AgentPanel.Panel;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class RealCliTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["viewmodel.real_cli_turn_and_permission_cards"] = TurnAndPermissionCards;
            cases["viewmodel.real_cli_question_and_edit_preview"] = QuestionAndEditPreview;
            cases["viewmodel.real_cli_sign_in_card"] = SignInCardFromTheRealCli;
            cases["viewmodel.real_cli_allow_always_stores_the_shown_rule"] = AllowAlwaysStoresTheShownRule;
            cases["viewmodel.real_cli_revert_turn_restores_the_scene"] = RevertTurnRestoresTheScene;
            cases["viewmodel.real_cli_reload_mid_stream_keeps_draft_and_transcript"] = ReloadMidStreamKeepsDraftAndTranscript;
            cases["viewmodel.real_cli_mention_completes_one_folder_at_a_time"] = MentionCompletesOneFolderAtATime;
        }

        const string Answer = "Hello from the fake model: List<int> and <color=red>x</color> stay literal.";

        static JObject Relay(string name)
        {
            return Relay("object.create", new JObject { { "name", name } });
        }

        static JObject Relay(string method, JObject parameters)
        {
            return new JObject { { "tool_use", new JObject { { "name", "mcp__uap__unity_test_relay" },
                { "input", new JObject { { "method", method }, { "params", parameters } } } } } };
        }

        static JObject WriteCall(string path, string content)
        {
            return new JObject { { "tool_use", new JObject { { "name", "Write" }, { "input", new JObject { { "file_path", path }, { "content", content } } } } } };
        }

        // Drains the panel one message at a time until the condition holds.
        static void Until(PanelClient client, Transcript transcript, Func<bool> condition, string what, ref bool sawStreaming)
        {
            var watch = Stopwatch.StartNew();
            while (!condition())
            {
                if (watch.Elapsed > TimeSpan.FromSeconds(90))
                    throw new CheckFailed("timed out waiting for " + what + "; state " + transcript.State + ", error " + (string)transcript.Status["error"] +
                                          ", cards: " + string.Join(" | ", transcript.Cards.Select(card => card.Kind + ":" + card.Text + card.ToolResult)));
                if (client.Drain(transcript, 1) == 0)
                    System.Threading.Thread.Sleep(5);
                sawStreaming |= transcript.StreamingText.Length > 0;
            }
        }

        static int TurnsFinished(Transcript transcript) { return transcript.Cards.Count(card => card.Kind == CardKind.TurnFinished); }

        static Card LastTool(Transcript transcript) { return transcript.Cards.Last(card => card.Kind == CardKind.Tool); }

        // One real stack: the fake Messages API playing the steps, the host with the real CLI, the shim's
        // bridge client on an in-memory scene, and a panel client feeding a Transcript.
        sealed class Stack
        {
            public PanelClient Panel;
            public Transcript Transcript;
            public InMemoryScene Scene;
            public string Project;
            public string RecordedRequests;
            public bool Streamed;
            // Another panel connection to the same host, as a window made anew after a domain reload opens.
            public Func<PanelClient> OpenPanel;

            public void Until(Func<bool> condition, string what) { RealCliTests.Until(Panel, Transcript, condition, what, ref Streamed); }
        }

        static void WithStack(Options options, Func<string, JArray> steps, Action<Stack> body) { WithStack(options, steps, new JObject(), body); }

        // settings: more agent settings beside the CLI's path.
        static void WithStack(Options options, Func<string, JArray> steps, JObject settings, Action<Stack> body)
        {
            string cli = Path.Combine(Path.Combine(Path.Combine(options.NodeFolder, "node_modules"), ".bin"), "claude");
            Check.True(File.Exists(cli), cli + " exists (run `npm ci` in tests/node, or scripts/install-deps.sh --with-node-packages)");
            string root = HostProcess.NewProject();
            string project = Path.Combine(root, "project");
            Directory.CreateDirectory(Path.Combine(project, "Assets"));
            Directory.CreateDirectory(Path.Combine(root, "home"));
            Directory.CreateDirectory(Path.Combine(root, "t"));
            File.WriteAllText(Path.Combine(root, "steps.json"), steps(project).ToString());
            string recorded = Path.Combine(root, "requests.jsonl");
            Process fake = Process.Start(new ProcessStartInfo("node", "\"" + Path.Combine(Path.Combine(options.NodeFolder, "fake-anthropic"), "server.mjs") +
                                                              "\" --script \"" + Path.Combine(root, "steps.json") + "\" --record \"" + recorded + "\"")
                                         { UseShellExecute = false, RedirectStandardOutput = true });
            try
            {
                int fakePort = (int)JObject.Parse(fake.StandardOutput.ReadLine())["port"];
                string settingsFolder = Path.Combine(Path.Combine(project, "UserSettings"), "AgentPanel");
                Directory.CreateDirectory(settingsFolder);
                settings["cli_path"] = cli;
                File.WriteAllText(Path.Combine(settingsFolder, "agent-settings.json"), settings.ToString());
                var environment = new Dictionary<string, string>
                {
                    { "ANTHROPIC_BASE_URL", "http://127.0.0.1:" + fakePort }, { "ANTHROPIC_API_KEY", "test-key" },
                    { "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1" }, { "DISABLE_TELEMETRY", "1" }, { "DISABLE_AUTOUPDATER", "1" },
                    { "DISABLE_ERROR_REPORTING", "1" }, { "CLAUDE_CODE_MAX_RETRIES", "0" },
                    { "HOME", Path.Combine(root, "home") }, { "TMPDIR", Path.Combine(root, "t") }, { "CLAUDECODE", null },
                };
                using (var host = new HostProcess(options.HostBinary, options.PluginsFolder, HostLauncher.NormalizePath(project), " --agent", environment))
                {
                    var scene = new InMemoryScene(host.Project, "real-cli-session");
                    using (var editor = new EditorDomain(host.Discovery, host.Token(TokenRole.Editor), scene))
                    using (var panel = new PanelClient(host.Discovery.PanelUri, host.Token(TokenRole.Panel)))
                    {
                        Check.True(editor.Client.WaitConnected(TimeSpan.FromSeconds(15)), "the shim connects");
                        panel.Start();
                        var stack = new Stack { Panel = panel, Transcript = new Transcript(), Scene = scene, Project = project, RecordedRequests = recorded,
                                                OpenPanel = () => new PanelClient(host.Discovery.PanelUri, host.Token(TokenRole.Panel)) };
                        stack.Until(() => stack.Transcript.LastSequence >= 0 && panel.Connected, "the snapshot");
                        body(stack);
                    }
                }
            }
            finally
            {
                HostProcess.Terminate(fake);
                try { Directory.Delete(root, true); } catch (Exception) { }
            }
        }

        static void TurnAndPermissionCards(Options options)
        {
            var steps = new JArray(
                new JObject { { "text", Answer }, { "delay_ms", 5 } },
                Relay("Allowed"), new JObject { { "text", "allowed done" } },
                Relay("Denied"), new JObject { { "text", "denied done" } },
                Relay("Always"), new JObject { { "text", "always done" } },
                Relay("NotAsked"), new JObject { { "text", "not asked done" } });
            WithStack(options, project => steps, stack =>
            {
                Transcript transcript = stack.Transcript;
                PanelClient panel = stack.Panel;
                InMemoryScene scene = stack.Scene;
                var commands = new PanelCommands();

                // A streamed text turn.
                Check.True(panel.Send(commands.Send("hi")).Result, "the send command goes out");
                stack.Until(() => TurnsFinished(transcript) == 1, "the first turn");
                Card reply = transcript.Cards.Last(card => card.Kind == CardKind.Assistant);
                Check.Equal(Answer, reply.Text, "the assistant card holds the streamed answer");
                Check.True(stack.Streamed, "the text streamed into the view model before the final message");
                Check.Equal("<noparse>" + Answer + "</noparse>", PanelText.Literal(reply.Text), "what the label gets renders literally");
                Check.Equal(string.Empty, transcript.StreamingText, "the streaming text ends with the turn");

                // Allow: the permission card carries the tool's badges and the rule allow-always would add.
                panel.Send(commands.Send("create Allowed")).Wait();
                stack.Until(() => transcript.PendingPermissions.Count == 1, "the first permission card");
                PermissionCard asked = transcript.PendingPermissions[0];
                Check.Equal("mcp__uap__unity_test_relay", asked.ToolName, "the permission card's tool");
                Check.True(asked.Undoable && !asked.ReadOnly && !asked.Destructive, "badges from the tool's metadata");
                Check.True(asked.Input.Contains("Allowed"), "the card shows the input: " + asked.Input);
                Check.True(asked.AlwaysAllowRules.Count > 0, "the card names the rule allow-always adds");
                Check.True(QuestionForm.For(asked) == null, "an ordinary tool's card is no question form");
                panel.Send(commands.AnswerPermission(asked.PermissionId, PermissionDecision.Allow, null)).Wait();
                stack.Until(() => TurnsFinished(transcript) == 2, "the allowed turn");
                Check.Equal(0, transcript.PendingPermissions.Count, "the answered card is gone");
                Check.Equal(1, scene.ExecutionsOf("Allowed"), "the allowed call ran once in the editor");
                Check.True(LastTool(transcript).Finished && !LastTool(transcript).IsError, "the tool card finished without error: " + LastTool(transcript).ToolResult);

                // Deny with a message.
                panel.Send(commands.Send("create Denied")).Wait();
                stack.Until(() => transcript.PendingPermissions.Count == 1, "the second permission card");
                panel.Send(commands.AnswerPermission(transcript.PendingPermissions[0].PermissionId, PermissionDecision.Deny, "not in this scene")).Wait();
                stack.Until(() => TurnsFinished(transcript) == 3, "the denied turn");
                Check.Equal(0, scene.ExecutionsOf("Denied"), "a denied call never reaches the editor");
                Check.True(LastTool(transcript).IsError, "the denied tool card shows an error");

                // Allow always: runs now, and the next call of the tool is not asked.
                panel.Send(commands.Send("create Always")).Wait();
                stack.Until(() => transcript.PendingPermissions.Count == 1, "the third permission card");
                panel.Send(commands.AnswerPermission(transcript.PendingPermissions[0].PermissionId, PermissionDecision.AllowAlways, null)).Wait();
                stack.Until(() => TurnsFinished(transcript) == 4, "the allowed-always turn");
                Check.Equal(1, scene.ExecutionsOf("Always"), "the allowed-always call ran once");
                bool askedAgain = false;
                panel.Send(commands.Send("create NotAsked")).Wait();
                stack.Until(() => { askedAgain |= transcript.PendingPermissions.Count > 0; return TurnsFinished(transcript) == 5; }, "the fourth turn");
                Check.True(!askedAgain, "no card after allow-always");
                Check.Equal(1, scene.ExecutionsOf("NotAsked"), "the rule let the call run");
            });
        }

        // The model asks with AskUserQuestion; the window's form answers it, and the next request to the
        // model carries exactly the picked answers in the tool result. Then an Edit's card carries the
        // host's diff of the file on disk, and allowing it makes exactly that change.
        static void QuestionAndEditPreview(Options options)
        {
            var questions = JArray.Parse(@"[{""question"":""Which color should the cube be?"",""header"":""Color"",""multiSelect"":false,
                                               ""options"":[{""label"":""Red"",""description"":""warm""},{""label"":""Blue"",""description"":""cool""}]},
                                              {""question"":""Which sides?"",""header"":""Sides"",""multiSelect"":true,
                                               ""options"":[{""label"":""Top"",""description"":""""},{""label"":""Bottom"",""description"":""""}]}]");
            Func<string, string> notes = project => Path.Combine(Path.Combine(Path.Combine(project, "Assets"), "Docs"), "notes.txt");
            Func<string, JArray> steps = project => new JArray(
                new JObject { { "tool_use", new JObject { { "name", "AskUserQuestion" }, { "input", new JObject { { "questions", questions } } } } } },
                new JObject { { "text", "painting it" } },
                new JObject { { "tool_use", new JObject { { "name", "Read" }, { "input", new JObject { { "file_path", notes(project) } } } } } },
                new JObject { { "tool_use", new JObject { { "name", "Edit" }, { "input", new JObject { { "file_path", notes(project) }, { "old_string", "line 5" }, { "new_string", "line five" } } } } } },
                new JObject { { "text", "edited" } });
            WithStack(options, steps, stack =>
            {
                var commands = new PanelCommands();
                stack.Panel.Send(commands.Send("paint the cube")).Wait();
                stack.Until(() => stack.Transcript.PendingPermissions.Count == 1, "the question card");
                QuestionForm form = QuestionForm.For(stack.Transcript.PendingPermissions[0]);
                Check.True(form != null, "the CLI's AskUserQuestion card reads as a form: " + stack.Transcript.PendingPermissions[0].Input);
                Check.Equal("Which color should the cube be?", form.Questions[0].Text, "the first question");
                form.Questions[0].Pick(1, true);
                form.Questions[1].Pick(0, true);
                form.Questions[1].Other = "the front";
                Check.True(stack.Panel.Send(commands.AnswerQuestions(form)).Result, "the answer goes out");
                stack.Until(() => TurnsFinished(stack.Transcript) == 1, "the turn after the answer");
                Check.Equal(0, stack.Transcript.PendingPermissions.Count, "the question card is gone");
                JObject lastRequest = File.ReadAllLines(stack.RecordedRequests).Select(line => JObject.Parse(line))
                                          .Last(request => (string)request["kind"] == "main");
                string toolResult = ((JArray)lastRequest["body"]["messages"]).Last.ToString(Newtonsoft.Json.Formatting.None);
                Check.True(toolResult.Contains("\\\"Which color should the cube be?\\\"=\\\"Blue\\\""), "the model receives the color answer: " + toolResult);
                Check.True(toolResult.Contains("\\\"Which sides?\\\"=\\\"Top, the front\\\""), "the model receives the sides answer: " + toolResult);

                string file = notes(stack.Project);
                Directory.CreateDirectory(Path.GetDirectoryName(file));
                File.WriteAllText(file, string.Concat(Enumerable.Range(1, 12).Select(line => "line " + line + "\n").ToArray()));
                stack.Panel.Send(commands.Send("edit the notes")).Wait();
                stack.Until(() => stack.Transcript.PendingPermissions.Count == 1, "the Edit card");
                PermissionCard edit = stack.Transcript.PendingPermissions[0];
                Check.Equal("Edit", edit.ToolName, "the card is the Edit's");
                Check.True(edit.Preview != null, "the card carries the host's preview");
                Check.Equal("@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+line five\n line 6\n line 7\n line 8\n", edit.Preview.Diff, "the hunk of the edit");
                Check.Equal(1L, edit.Preview.Added, "one line added");
                Check.Equal(1L, edit.Preview.Removed, "one line removed");
                Check.Equal(DiffLineKind.Hunk, edit.Preview.Lines()[0].Key, "the first line is the hunk header");
                Check.Equal(DiffLineKind.Removed, edit.Preview.Lines()[4].Key, "the removed line");
                stack.Panel.Send(commands.AnswerPermission(edit.PermissionId, PermissionDecision.Allow, null)).Wait();
                stack.Until(() => TurnsFinished(stack.Transcript) == 2, "the edited turn");
                Check.True(File.ReadAllText(file).Contains("line 4\nline five\nline 6\n"), "the edit the card showed is the edit made: " + File.ReadAllText(file));
            });
        }

        // The window's first-run card from what the real host and CLI say: subscription only keeps the
        // key from a CLI with no login of its own, so the card names the login command; the window's
        // switch hands the key back and the card goes; a turn then reaches the model.
        static void SignInCardFromTheRealCli(Options options)
        {
            PanelLanguage before = PanelStrings.Language;
            PanelStrings.Language = PanelLanguage.English;
            try
            {
                WithStack(options, project => new JArray(new JObject { { "text", "signed in" } }), new JObject { { "auth", "subscription_only" } }, stack =>
                {
                    var commands = new PanelCommands();
                    SignInCard card = null;
                    stack.Until(() => (card = SignInCard.From(stack.Transcript.Status, null)) != null && card.State == "signed_out", "the signed-out card");
                    Check.Equal("Claude Code is not signed in", card.Title, "the card's title");
                    Check.Equal("claude auth login", card.FixCommand, "the command that signs in");
                    Check.True(card.SubscriptionOnly, "the switch shows subscription only");
                    Check.True(stack.Panel.Send(commands.SetAuthMode(false)).Result, "the switch's command is sent");
                    stack.Until(() => (string)stack.Transcript.Status["auth_mode"] == "automatic" &&
                                      (string)stack.Transcript.Status["sign_in"]["state"] == "ready", "the key handed back and the login found");
                    Check.True(SignInCard.From(stack.Transcript.Status, card) == null, "the card goes once the CLI has a login");
                    Check.True(stack.Panel.Send(commands.CheckSignIn()).Result, "Check again is sent");
                    stack.Until(() => stack.Transcript.LastCommandError == null && (string)stack.Transcript.Status["sign_in"]["state"] == "ready", "the check's answer");
                    Check.True(stack.Panel.Send(commands.Send("hello")).Result, "a message is sent");
                    stack.Until(() => TurnsFinished(stack.Transcript) == 1, "the turn");
                    Check.True(stack.Transcript.Cards.Any(c => c.Kind == CardKind.Assistant && c.Text == "signed in"), "the model answered");
                });
            }
            finally
            {
                PanelStrings.Language = before;
            }
        }

        // A Write's card offers narrow rules; the window's first allow-always button (the first of
        // NarrowScopes, sent with AllowAlways) stores exactly that rule, in the status and in the host's
        // settings file, never the bare Write; the next Write to the same file runs without a card.
        static void AllowAlwaysStoresTheShownRule(Options options)
        {
            Func<string, string> notes = project => Path.Combine(Path.Combine(Path.Combine(project, "Assets"), "Notes"), "today.txt");
            Func<string, JArray> steps = project => new JArray(
                WriteCall(notes(project), "first\n"), new JObject { { "text", "written" } },
                WriteCall(notes(project), "second\n"), new JObject { { "text", "written again" } });
            Languages.InEnglish(() => WithStack(options, steps, stack =>
            {
                var commands = new PanelCommands();
                string file = notes(stack.Project);
                Directory.CreateDirectory(Path.GetDirectoryName(file));
                stack.Panel.Send(commands.Send("write today's notes")).Wait();
                stack.Until(() => stack.Transcript.PendingPermissions.Count == 1, "the Write card");
                PermissionCard card = stack.Transcript.PendingPermissions[0];
                Check.Equal("Write", card.ToolName, "the card is the Write's");
                List<AlwaysAllowScope> offered = card.NarrowScopes();
                Check.True(offered.Count > 0 && offered.All(scope => scope.Scope != "tool" && scope.Rule != "Write"),
                           "the window's buttons offer only narrow rules: " + string.Join(", ", offered.Select(scope => scope.Scope + "=" + scope.Rule).ToArray()));
                AlwaysAllowScope shown = offered[0];
                Check.Equal("file", shown.Scope, "the first button is the narrowest, this file");
                Check.Equal("Write(Assets/Notes/today.txt)", shown.Rule, "the rule the first button names");
                Check.True(PanelStrings.Get("permission.always_rule", "rule", shown.Rule).Contains(shown.Rule), "the button's text shows the rule");
                Check.True(stack.Panel.Send(commands.AllowAlways(card.PermissionId, shown.Rule)).Result, "the button's command goes out");
                stack.Until(() => TurnsFinished(stack.Transcript) == 1, "the written turn");
                Check.Equal("first\n", File.ReadAllText(file), "the allowed Write ran");
                var stored = ((JArray)stack.Transcript.Status["always_allow"]).Select(rule => (string)rule).ToList();
                Check.True(stored.Contains(shown.Rule), "the status lists the shown rule: " + string.Join(", ", stored.ToArray()));
                Check.True(!stored.Contains("Write"), "and not the bare Write");
                JObject settings = JObject.Parse(File.ReadAllText(Path.Combine(Path.Combine(Path.Combine(stack.Project, "UserSettings"), "AgentPanel"), "agent-settings.json")));
                Check.Equal(shown.Rule, string.Join(",", ((JArray)settings["always_allow"]).Select(rule => (string)rule).ToArray()),
                            "the host's settings file holds exactly the shown rule");

                bool askedAgain = false;
                stack.Panel.Send(commands.Send("write them again")).Wait();
                stack.Until(() => { askedAgain |= stack.Transcript.PendingPermissions.Count > 0; return TurnsFinished(stack.Transcript) == 2; }, "the second turn");
                Check.True(!askedAgain, "no card for the second Write to the same file");
                Check.Equal("second\n", File.ReadAllText(file), "the rule let the second Write run");
            }));
        }

        // A turn creates an object and moves one that was there before, through the editor pack's relay; the
        // window's revert button (RevertTurn) undoes it, and the scene read back from the in-memory editor
        // itself is what it was before the turn.
        static void RevertTurnRestoresTheScene(Options options)
        {
            // The scene's first object gets instance id 1001 (InMemoryScene counts from 1000).
            Func<string, JArray> steps = project => new JArray(
                Relay("Added"),
                Relay("transform.set", new JObject { { "object", new JObject { { "instanceId", 1001 } } },
                                                     { "position", new JObject { { "x", 1 }, { "y", 2 }, { "z", 3 } } } }),
                new JObject { { "text", "moved it" } });
            WithStack(options, steps, new JObject { { "auto_approve", "undoable" } }, stack =>
            {
                var commands = new PanelCommands();
                stack.Scene.Execute("object.create", new JObject { { "name", "There before" } });
                string before = stack.Scene.Describe();
                Check.True(before.StartsWith("1001 There before"), "the scene before the turn: " + before);
                stack.Panel.Send(commands.Send("add one and move the other")).Wait();
                stack.Until(() => TurnsFinished(stack.Transcript) == 1, "the turn");
                string after = stack.Scene.Describe();
                Check.True(after != before && after.Contains("Added") && after.Contains("1001 There before True 1 2 3"), "the turn changed the scene: " + after);
                Card finished = stack.Transcript.Cards.Last(card => card.Kind == CardKind.TurnFinished);
                Check.True(finished.Revertible && !finished.Reverted, "the turn's summary offers the revert");

                Check.True(stack.Panel.Send(commands.RevertTurn(finished.TurnId)).Result, "the revert button's command goes out");
                stack.Until(() => stack.Transcript.Cards.Any(card => card.Kind == CardKind.TurnReverted), "the revert's outcome");
                Card outcome = stack.Transcript.Cards.Last(card => card.Kind == CardKind.TurnReverted);
                Check.True(!outcome.IsError, "the revert succeeded: " + outcome.Text);
                Check.True(finished.Reverted, "the summary shows the turn reverted");
                Check.Equal(before, stack.Scene.Describe(), "the scene read back is the scene before the turn");
                Check.Equal(1, stack.Scene.UndoSteps, "only the step from before the turn is left on the undo stack");

                // A second revert of the same turn is refused: its step is gone.
                stack.Panel.Send(commands.RevertTurn(finished.TurnId)).Wait();
                stack.Until(() => stack.Transcript.Cards.Count(card => card.Kind == CardKind.TurnReverted) == 2, "the second revert's outcome");
                Check.True(stack.Transcript.Cards.Last(card => card.Kind == CardKind.TurnReverted).IsError, "nothing is reverted twice");
                Check.Equal(before, stack.Scene.Describe(), "and the scene stays as it was");
            });
        }
        // A domain reload while an answer streams: the window's objects (its PanelClient, Transcript,
        // viewport) are gone, the host and SessionState stay. The window made anew takes the draft from
        // the store, the host's snapshot brings the transcript and the answer so far, and the rest of the
        // answer streams on: the message and the answer each once, nothing of before the reload left over.
        static void ReloadMidStreamKeepsDraftAndTranscript(Options options)
        {
            string answer = string.Concat(Enumerable.Range(1, 12).Select(part => "Part " + part + " of a slow answer with List<int>. ").ToArray());
            WithStack(options, project => new JArray(new JObject { { "text", answer }, { "delay_ms", 60 } }), stack =>
            {
                var commands = new PanelCommands();
                var store = new ViewModelTests.MemoryValues();
                const string Draft = "a half-typed follow-up 日本語 <color=red>";
                var viewport = new TranscriptViewport(new StopwatchClock());
                Check.True(stack.Panel.Send(commands.Send("tell me slowly")).Result, "the message goes out");
                stack.Until(() => stack.Transcript.StreamingText.Length > 0, "the answer to start streaming");
                viewport.BeginFrame(stack.Transcript, 0f, 400f);
                new KeptDraft(store).Keep(Draft, 0f, viewport.Following);
                string before = stack.Transcript.StreamingText;
                Check.True(answer.StartsWith(before) && before.Length < answer.Length, "the reload comes mid-stream: " + before.Length + " of " + answer.Length + " characters");
                Check.Equal(0, TurnsFinished(stack.Transcript), "the turn still runs");

                // The reload: the old connection and view model go; new ones come, as the window's OnEnable and CreateGUI make them.
                stack.Panel.Dispose();
                var kept = new KeptDraft(store);
                Check.Equal(Draft, kept.Draft, "the draft is back after the reload");
                Check.True(float.IsNaN(kept.ScrollY), "a window that followed the stream follows it again");
                using (PanelClient reopened = stack.OpenPanel())
                {
                    stack.Panel = reopened;
                    stack.Transcript = new Transcript();
                    reopened.Start();
                    stack.Until(() => stack.Transcript.LastSequence >= 0, "the snapshot after the reload");
                    Check.True(stack.Transcript.Epoch > 0, "the snapshot starts the new transcript's epoch");
                    Check.Equal(1, stack.Transcript.Cards.Count(card => card.Kind == CardKind.User && card.Text == "tell me slowly"), "the snapshot holds the message once");
                    string replayed = stack.Transcript.StreamingText;
                    bool finishedAlready = TurnsFinished(stack.Transcript) > 0;
                    Check.True(finishedAlready || (answer.StartsWith(replayed) && replayed.Length >= before.Length),
                               "the snapshot carries the answer streamed so far: " + replayed.Length + " characters, " + before.Length + " before the reload");
                    Console.WriteLine("reload after " + before.Length + " of " + answer.Length + " characters; the snapshot carried " +
                                      (finishedAlready ? "the finished turn" : replayed.Length + " streamed characters"));
                    var newViewport = new TranscriptViewport(new StopwatchClock());
                    Check.True(newViewport.BeginFrame(stack.Transcript, 0f, 400f).Restarted, "the new window's list starts over from the snapshot");

                    string longest = replayed;
                    stack.Until(() =>
                    {
                        if (stack.Transcript.StreamingText.Length > longest.Length)
                            longest = stack.Transcript.StreamingText;
                        return TurnsFinished(stack.Transcript) == 1;
                    }, "the turn to end after the reload");
                    Check.True(answer.StartsWith(longest), "no part of the stream arrives twice: " + longest);
                    Check.Equal(1, stack.Transcript.Cards.Count(card => card.Kind == CardKind.User), "one message card");
                    List<Card> replies = stack.Transcript.Cards.Where(card => card.Kind == CardKind.Assistant).ToList();
                    Check.Equal(1, replies.Count, "one answer card");
                    Check.Equal(answer, replies[0].Text, "the answer, whole and once");
                    Check.Equal(string.Empty, stack.Transcript.StreamingText, "nothing left streaming");

                    // A reconnect into the same transcript (the host replaced, the window kept) starts another
                    // epoch and replaces the cards instead of adding to them.
                    int epoch = stack.Transcript.Epoch;
                    List<string> shown = stack.Transcript.Cards.Select(card => card.Kind + ":" + card.Text).ToList();
                    using (PanelClient again = stack.OpenPanel())
                    {
                        stack.Panel = again;
                        long sequence = stack.Transcript.LastSequence;
                        again.Start();
                        stack.Until(() => stack.Transcript.Epoch != epoch, "the second snapshot");
                        Check.Equal(string.Join(" | ", shown.ToArray()), string.Join(" | ", stack.Transcript.Cards.Select(card => card.Kind + ":" + card.Text).ToArray()),
                                    "the same cards, none twice, after another snapshot");
                        Check.True(stack.Transcript.LastSequence >= sequence, "the host's sequence goes on");
                    }
                }
            });
        }
        // Typing "@Ass" in the composer and picking the first entry each time: the host lists Assets/,
        // then Assets/Docs/, then the file, and the message holds the file's path as a mention.
        static void MentionCompletesOneFolderAtATime(Options options)
        {
            WithStack(options, project => new JArray(), stack =>
            {
                string docs = Path.Combine(Path.Combine(stack.Project, "Assets"), "Docs");
                Directory.CreateDirectory(docs);
                File.WriteAllText(Path.Combine(docs, "notes.txt"), "notes\n");
                File.WriteAllText(Path.Combine(docs, "notes.txt.meta"), "guid: 0\n");
                var commands = new PanelCommands();
                MentionCompletion mentions = stack.Transcript.Mentions;
                string text = "please read @Ass";
                int caret = text.Length;
                var picked = new List<string>();
                for (int step = 0; step < 3; ++step)
                {
                    string command = mentions.Ask(commands, text, caret);
                    Check.True(command != null, "a question for " + text);
                    // A refusal closes the list without a word in the status line, so the answer is waited for as a new list.
                    int asked = mentions.Revision;
                    Check.True(stack.Panel.Send(command).Result, "the command goes out");
                    stack.Until(() => mentions.Revision != asked, "the host's answer for " + text);
                    Check.True(mentions.Open, "the host lists entries for " + text);
                    picked.Add(string.Join(",", mentions.Candidates.Select(candidate => candidate.Path + (candidate.Folder ? " (folder)" : "")).ToArray()));
                    MentionPick pick = mentions.Pick(text, caret);
                    text = pick.Text;
                    caret = pick.Caret;
                }
                Check.Equal("Assets/ (folder)|Assets/Docs/ (folder)|Assets/Docs/notes.txt", string.Join("|", picked.ToArray()),
                            "one folder at a time, the .meta file left out");
                Check.Equal("please read @Assets/Docs/notes.txt ", text, "the message holds the picked path, a space after it");
                Check.Equal(text.Length, caret, "the caret after it");
                Check.True(mentions.Ask(commands, text, caret) == null && !mentions.Open, "nothing more is asked once the file is in");
            });
        }
    }
}
