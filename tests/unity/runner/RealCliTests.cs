// The panel view model against the real host and the real Claude Code CLI (tests/node, on the
// scripted fake Messages API): a streamed turn and permission cards answered allow, deny and
// allow-always, rendered into the Transcript through PanelClient; the tool the agent calls runs in
// the C# in-memory scene through the shim's bridge client.
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
        }

        const string Answer = "Hello from the fake model: List<int> and <color=red>x</color> stay literal.";

        static JObject Relay(string name)
        {
            return new JObject { { "tool_use", new JObject { { "name", "mcp__uap__unity_test_relay" },
                { "input", new JObject { { "method", "object.create" }, { "params", new JObject { { "name", name } } } } } } } };
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

        static void TurnAndPermissionCards(Options options)
        {
            string cli = Path.Combine(Path.Combine(Path.Combine(options.NodeFolder, "node_modules"), ".bin"), "claude");
            Check.True(File.Exists(cli), cli + " exists (run `npm ci` in tests/node, or scripts/install-deps.sh --with-node-packages)");
            string root = HostProcess.NewProject();
            string project = Path.Combine(root, "project");
            Directory.CreateDirectory(Path.Combine(project, "Assets"));
            Directory.CreateDirectory(Path.Combine(root, "home"));
            Directory.CreateDirectory(Path.Combine(root, "t"));
            var steps = new JArray(
                new JObject { { "text", Answer }, { "delay_ms", 5 } },
                Relay("Allowed"), new JObject { { "text", "allowed done" } },
                Relay("Denied"), new JObject { { "text", "denied done" } },
                Relay("Always"), new JObject { { "text", "always done" } },
                Relay("NotAsked"), new JObject { { "text", "not asked done" } });
            File.WriteAllText(Path.Combine(root, "steps.json"), steps.ToString());
            Process fake = Process.Start(new ProcessStartInfo("node", "\"" + Path.Combine(Path.Combine(options.NodeFolder, "fake-anthropic"), "server.mjs") +
                                                              "\" --script \"" + Path.Combine(root, "steps.json") + "\" --record \"" + Path.Combine(root, "requests.jsonl") + "\"")
                                         { UseShellExecute = false, RedirectStandardOutput = true });
            try
            {
                int fakePort = (int)JObject.Parse(fake.StandardOutput.ReadLine())["port"];
                string settingsFolder = Path.Combine(Path.Combine(project, "UserSettings"), "AgentPanel");
                Directory.CreateDirectory(settingsFolder);
                File.WriteAllText(Path.Combine(settingsFolder, "agent-settings.json"), new JObject { { "cli_path", cli } }.ToString());
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
                        var transcript = new Transcript();
                        var commands = new PanelCommands();
                        bool streamed = false;
                        Until(panel, transcript, () => transcript.LastSequence >= 0 && panel.Connected, "the snapshot", ref streamed);

                        // A streamed text turn.
                        Check.True(panel.Send(commands.Send("hi")).Result, "the send command goes out");
                        Until(panel, transcript, () => TurnsFinished(transcript) == 1, "the first turn", ref streamed);
                        Card reply = transcript.Cards.Last(card => card.Kind == CardKind.Assistant);
                        Check.Equal(Answer, reply.Text, "the assistant card holds the streamed answer");
                        Check.True(streamed, "the text streamed into the view model before the final message");
                        Check.Equal("<noparse>" + Answer + "</noparse>", PanelText.Literal(reply.Text), "what the label gets renders literally");
                        Check.Equal(string.Empty, transcript.StreamingText, "the streaming text ends with the turn");

                        // Allow: the permission card carries the tool's badges and the rule allow-always would add.
                        panel.Send(commands.Send("create Allowed")).Wait();
                        Until(panel, transcript, () => transcript.PendingPermissions.Count == 1, "the first permission card", ref streamed);
                        PermissionCard asked = transcript.PendingPermissions[0];
                        Check.Equal("mcp__uap__unity_test_relay", asked.ToolName, "the permission card's tool");
                        Check.True(asked.Undoable && !asked.ReadOnly && !asked.Destructive, "badges from the tool's metadata");
                        Check.True(asked.Input.Contains("Allowed"), "the card shows the input: " + asked.Input);
                        Check.True(asked.AlwaysAllowRules.Count > 0, "the card names the rule allow-always adds");
                        panel.Send(commands.AnswerPermission(asked.PermissionId, PermissionDecision.Allow, null)).Wait();
                        Until(panel, transcript, () => TurnsFinished(transcript) == 2, "the allowed turn", ref streamed);
                        Check.Equal(0, transcript.PendingPermissions.Count, "the answered card is gone");
                        Check.Equal(1, scene.ExecutionsOf("Allowed"), "the allowed call ran once in the editor");
                        Check.True(LastTool(transcript).Finished && !LastTool(transcript).IsError, "the tool card finished without error: " + LastTool(transcript).ToolResult);

                        // Deny with a message.
                        panel.Send(commands.Send("create Denied")).Wait();
                        Until(panel, transcript, () => transcript.PendingPermissions.Count == 1, "the second permission card", ref streamed);
                        panel.Send(commands.AnswerPermission(transcript.PendingPermissions[0].PermissionId, PermissionDecision.Deny, "not in this scene")).Wait();
                        Until(panel, transcript, () => TurnsFinished(transcript) == 3, "the denied turn", ref streamed);
                        Check.Equal(0, scene.ExecutionsOf("Denied"), "a denied call never reaches the editor");
                        Check.True(LastTool(transcript).IsError, "the denied tool card shows an error");

                        // Allow always: runs now, and the next call of the tool is not asked.
                        panel.Send(commands.Send("create Always")).Wait();
                        Until(panel, transcript, () => transcript.PendingPermissions.Count == 1, "the third permission card", ref streamed);
                        panel.Send(commands.AnswerPermission(transcript.PendingPermissions[0].PermissionId, PermissionDecision.AllowAlways, null)).Wait();
                        Until(panel, transcript, () => TurnsFinished(transcript) == 4, "the allowed-always turn", ref streamed);
                        Check.Equal(1, scene.ExecutionsOf("Always"), "the allowed-always call ran once");
                        bool askedAgain = false;
                        panel.Send(commands.Send("create NotAsked")).Wait();
                        Until(panel, transcript, () => { askedAgain |= transcript.PendingPermissions.Count > 0; return TurnsFinished(transcript) == 5; }, "the fourth turn", ref streamed);
                        Check.True(!askedAgain, "no card after allow-always");
                        Check.Equal(1, scene.ExecutionsOf("NotAsked"), "the rule let the call run");
                    }
                }
            }
            finally
            {
                HostProcess.Terminate(fake);
                try { Directory.Delete(root, true); } catch (Exception) { }
            }
        }
    }
}
