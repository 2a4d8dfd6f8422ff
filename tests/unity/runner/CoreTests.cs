// The Unity-free protocol layer on its own: the method list against protocol/bridge-v1.json, the
// dispatcher's error mapping, the ledger across a save/restore, the pump's dedup and withdrawal,
// the discovery file reader against malformed and hostile files, and the compileFinished data
// against the protocol's compiler diagnostic.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using AgentPanel.Bridge;
using AgentPanel.Host;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class CoreTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["core.methods_match_protocol"] = MethodsMatchProtocol;
            cases["core.dispatcher_maps_errors"] = DispatcherMapsErrors;
            cases["core.ledger_save_restore_bounded"] = LedgerSaveRestoreBounded;
            cases["core.pump_dedup_withdraw_drop"] = PumpDedupWithdrawDrop;
            cases["core.pump_wakes_and_measures_tick_gaps"] = PumpWakesAndMeasuresTickGaps;
            cases["core.bridge_log_relay_rate_limited"] = BridgeLogRelayRateLimited;
            cases["core.discovery_rejects_bad_files"] = DiscoveryRejectsBadFiles;
            cases["core.compile_report_bounded_and_shaped"] = CompileReportBoundedAndShaped;
            cases["core.console_throttle_folds_and_limits"] = ConsoleThrottleFoldsAndLimits;
        }

        // A flood of Console errors becomes at most EventsPerWindow events at once, and one event per
        // repeated error plus one for what was held back once the window ends; every event has the
        // protocol's consoleError shape and a bounded size.
        static void ConsoleThrottleFoldsAndLimits(Options options)
        {
            JObject protocol = JObject.Parse(File.ReadAllText(options.ProtocolFile));
            var consoleError = (JObject)protocol["events"]["consoleError"];
            var allowed = new HashSet<string>(((JObject)consoleError["properties"]).Properties().Select(property => property.Name));
            var required = ((JArray)consoleError["required"]).Select(value => (string)value).ToList();
            var types = new HashSet<string>(((JArray)consoleError["properties"]["type"]["enum"]).Select(value => (string)value));
            Action<JObject> shaped = data =>
            {
                foreach (string field in required)
                    Check.True(data[field] != null, "consoleError carries the required " + field);
                foreach (JProperty property in data.Properties())
                    Check.True(allowed.Contains(property.Name), "bridge-v1.json's consoleError has " + property.Name);
                Check.True(types.Contains((string)data["type"]), "type " + data["type"] + " is in the protocol's enum");
                Check.True((long)data["count"] >= 1, "count is at least 1");
            };

            var throttle = new ConsoleErrorThrottle();
            var sent = new List<JObject>();
            string huge = new string('x', 1000000) + "\ud83d\ude00";
            for (int index = 0; index < 1000; index++)
            {
                JObject data = throttle.Offer("exception", "NullReferenceException: Object reference not set", huge, 5);
                if (data != null)
                    sent.Add(data);
            }
            for (int index = 0; index < 40; index++)
            {
                JObject data = throttle.Offer("error", "distinct " + index, null, 6);
                if (data != null)
                    sent.Add(data);
            }
            Check.Equal(ConsoleErrorThrottle.EventsPerWindow, sent.Count, "one event per distinct error, up to the window's limit");
            Check.Equal(0, throttle.Flush(5 + ConsoleErrorThrottle.WindowMilliseconds - 1).Count, "nothing before the window ends");
            List<JObject> flushed = throttle.Flush(5 + ConsoleErrorThrottle.WindowMilliseconds);
            Check.Equal(2, flushed.Count, "one event for the repeats, one for what was held back");
            Check.Equal(999L, (long)flushed[0]["count"], "the repeats of the first error");
            Check.Equal(ConsoleErrorThrottle.NotSentMessage, (string)flushed[1]["message"], "the held-back errors' event");
            Check.Equal(21L, (long)flushed[1]["count"], "40 distinct errors, 19 sent");
            foreach (JObject data in sent.Concat(flushed))
            {
                shaped(data);
                Check.True(data.ToString().Length < 64 * 1024, "an event stays far below the bridge's frame cap");
            }
            string trace = (string)sent[0]["stackTrace"];
            Check.Equal(ConsoleErrorThrottle.MaxStackTraceChars + 3, trace.Length, "the stack trace is clipped");
            JObject next = throttle.Offer("error", new string('y', ConsoleErrorThrottle.MaxMessageChars - 1) + "\ud83d\ude00", null, 20000);
            Check.True(next != null, "a new window sends again");
            Check.True(!char.IsHighSurrogate(((string)next["message"])[ConsoleErrorThrottle.MaxMessageChars - 2]), "a surrogate pair is never split");
        }

        static void CompileReportBoundedAndShaped(Options options)
        {
            JObject protocol = JObject.Parse(File.ReadAllText(options.ProtocolFile));
            var diagnostic = (JObject)protocol["definitions"]["compilerDiagnostic"];
            var allowed = new HashSet<string>(((JObject)diagnostic["properties"]).Properties().Select(property => property.Name));
            var severities = new HashSet<string>(((JArray)diagnostic["properties"]["severity"]["enum"]).Select(value => (string)value));
            var required = ((JArray)protocol["events"]["compileFinished"]["required"]).Select(value => (string)value).ToList();

            var report = new CompileReport();
            report.Start();
            report.Add(CompileSeverity.Error, "Old", "Assets/Old.cs", 1, 1, "error CS0001: from an earlier compile");
            report.Start();
            report.AddAssembly("Assembly-CSharp");
            for (int index = 0; index < CompileReport.MaxListedDiagnostics + 50; index++)
                report.Add(CompileSeverity.Error, "Assembly-CSharp", "Assets/Scripts/Broken.cs", index + 1, 14, "error CS1002: ; expected");
            report.Add(CompileSeverity.Warning, "Assembly-CSharp", "Assets/Scripts/Noisy.cs", 7, 5, "warning CS0168: unused");
            JObject finished = report.Finished();

            foreach (string field in required)
                Check.True(finished[field] != null, "compileFinished carries the required " + field);
            Check.Equal(CompileReport.MaxListedDiagnostics, ((JArray)finished["errors"]).Count, "errors are bounded");
            Check.Equal(CompileReport.MaxListedDiagnostics + 50, (int)finished["errorCount"], "errorCount counts them all");
            Check.Equal(1, (int)finished["warningCount"], "one warning");
            Check.True((bool)finished["truncated"], "truncated says errors were left out");
            Check.Equal("Assembly-CSharp", string.Join(",", ((JArray)finished["assemblies"]).Select(value => (string)value)), "assemblies");
            var first = (JObject)finished["errors"][0];
            Check.Equal("Assets/Scripts/Broken.cs", (string)first["file"], "file of the first error (the earlier compile's is gone)");
            Check.Equal(1, (int)first["line"], "line");
            Check.Equal(14, (int)first["column"], "column");
            foreach (JObject entry in ((JArray)finished["errors"]).Concat((JArray)finished["warnings"]))
            {
                foreach (JProperty property in entry.Properties())
                    Check.True(allowed.Contains(property.Name), "bridge-v1.json's compilerDiagnostic has " + property.Name);
                Check.True(severities.Contains((string)entry["severity"]), "severity " + entry["severity"] + " is in the protocol's enum");
            }
            Check.Equal("warning", (string)finished["warnings"][0]["severity"], "the warning is one");
        }

        static void MethodsMatchProtocol(Options options)
        {
            JObject protocol = JObject.Parse(File.ReadAllText(options.ProtocolFile));
            Check.Equal(BridgeMethods.ProtocolVersion, (int)protocol["version"], "protocol version");
            var declared = new SortedSet<string>(((JObject)protocol["methods"]).Properties().Select(property => property.Name));
            declared.Remove(BridgeMethods.Ping);
            declared.Remove(BridgeMethods.RequestStatus);
            var ours = new SortedSet<string>(BridgeMethods.Primitives);
            Check.Equal(string.Join(",", declared), string.Join(",", ours), "the shim's primitive list equals bridge-v1.json's methods");
            var errors = (JObject)protocol["errors"];
            foreach (string code in new[] { ErrorCodes.InvalidRequest, ErrorCodes.UnknownMethod, ErrorCodes.InvalidParams, ErrorCodes.NotFound,
                                            ErrorCodes.TypeMismatch, ErrorCodes.Conflict, ErrorCodes.Unsupported, ErrorCodes.ResultTooLarge, ErrorCodes.InternalError })
                Check.True(errors[code] != null, "bridge-v1.json declares the error code " + code);
        }

        sealed class ScriptedPrimitives : IEditorPrimitives
        {
            public EditorIdentity Identity { get { return new EditorIdentity { ProjectPath = "/p", EditorSessionId = "s" }; } }
            public IList<string> Methods { get { return new[] { "editor.info", "console.read", "menu.execute", "hierarchy.roots" }; } }
            public JObject Execute(string method, JObject parameters)
            {
                if (method == "console.read")
                    throw new NullReferenceException("a bug");
                if (method == "menu.execute")
                    throw new PrimitiveError(ErrorCodes.NotFound, "no menu item 'X'", new JObject { { "path", "X" } });
                if (method == "hierarchy.roots")
                    return new JObject { { "blob", new string('x', 5000) } };
                return new JObject { { "name", Params.RequiredString(parameters, "name") } };
            }
        }

        static JObject Dispatch(RequestDispatcher dispatcher, string method, JObject parameters)
        {
            JObject envelope = JObject.Parse(dispatcher.Dispatch("id-1", method, parameters));
            Check.Equal("id-1", (string)envelope["id"], "the response carries the request id");
            return envelope;
        }

        static void DispatcherMapsErrors(Options options)
        {
            var dispatcher = new RequestDispatcher(new ScriptedPrimitives()) { MaxResultBytes = 1000 };
            Check.Equal("unknown_method", (string)Dispatch(dispatcher, "object.explode", new JObject())["error"]["code"], "a method outside the protocol");
            Check.Equal("unsupported", (string)Dispatch(dispatcher, "scene.save", new JObject())["error"]["code"], "a protocol method this editor lacks");
            JObject bug = Dispatch(dispatcher, "console.read", new JObject());
            Check.Equal("internal_error", (string)bug["error"]["code"], "an exception inside a primitive");
            Check.True(((string)bug["error"]["message"]).Contains("NullReferenceException"), "the bug is named: " + bug);
            JObject refused = Dispatch(dispatcher, "menu.execute", new JObject());
            Check.Equal("not_found", (string)refused["error"]["code"], "a primitive's refusal keeps its code");
            Check.Equal("X", (string)refused["error"]["data"]["path"], "and its data");
            Check.Equal("result_too_large", (string)Dispatch(dispatcher, "hierarchy.roots", new JObject())["error"]["code"], "a result beyond maxResultBytes");
            JObject missing = Dispatch(dispatcher, "editor.info", new JObject { { "name", 5 } });
            Check.Equal("invalid_params", (string)missing["error"]["code"], "a wrong-shaped param");
            Check.True(((string)missing["error"]["message"]).Contains("params.name"), "the refusal names the param: " + missing);
            Check.Equal("ok", (string)Dispatch(dispatcher, "editor.info", new JObject { { "name", "ok" } })["result"]["name"], "a good call");
        }

        static string Envelope(string id, int padding)
        {
            return "{\"id\":\"" + id + "\",\"result\":{\"pad\":\"" + new string('x', padding) + "\"}}";
        }

        // The ledger is bounded by bytes: the oldest segments are dropped whole, their ids kept as
        // tombstones that answer "already ran" instead of letting the id run again; a save rewrites only
        // what changed; undelivered answers survive a save/restore, delivered ones are not re-offered.
        static void LedgerSaveRestoreBounded(Options options)
        {
            var ledger = new CompletedLedger(byteLimit: 4000, tombstoneLimit: 3, segmentBytes: 1000);
            for (int index = 0; index < 12; ++index)
                ledger.Record("r" + index, Envelope("r" + index, 480));
            Check.True(ledger.Bytes <= 4000, "the ledger keeps within its byte limit (" + ledger.Bytes + ")");
            Check.Equal(6, ledger.Count, "whole oldest segments were dropped (two 514-byte answers to a segment)");
            string answer;
            Check.True(ledger.TryGet("r1", out answer) == false, "the oldest tombstones go past the tombstone limit");
            Check.True(ledger.TryGet("r3", out answer), "an evicted id is still known");
            JObject evicted = JObject.Parse(answer);
            Check.Equal("result_evicted", (string)evicted["error"]["code"], "an evicted id is refused, never run again: " + answer);
            Check.True(((string)evicted["error"]["message"]).Contains("was not run again"), "the refusal says what happened: " + answer);
            Check.Equal(3, ledger.Tombstones, "tombstones are bounded too");

            ledger.MarkDelivered("r7");
            var store = new MemoryLedgerStore();
            ledger.Save(store, "L");
            int firstWrites = store.Writes;
            string problem;
            CompletedLedger restored = CompletedLedger.Restore(store, "L", out problem, 4000);
            Check.True(problem == null, "a saved ledger restores (" + problem + ")");
            string response;
            Check.True(restored.TryGet("r11", out response) && response.Contains("\"r11\""), "a restored id answers from the ledger");
            Check.True(restored.TryGet("r3", out response) && response.Contains("result_evicted"), "a restored tombstone still refuses");
            JArray undelivered = restored.Undelivered();
            Check.Equal("r6,r8,r9,r10,r11", string.Join(",", undelivered.Select(item => (string)item["id"])), "undelivered answers survive, delivered ones are not re-sent");

            restored.Record("r12", Envelope("r12", 100));
            int before = store.Writes;
            restored.Save(store, "L");
            Check.Equal(2, store.Writes - before, "after one new answer a save writes its segment and the header only (wrote " + (store.Writes - before) + " of " + firstWrites + ")");

            var broken = new MemoryLedgerStore();
            broken.Write("L.Header", "{\"ledgerVersion\":2,\"segments\":[0],\"undelivered\":[]}");
            broken.Write("L.Segment.0", "[[5]]");
            CompletedLedger dropped = CompletedLedger.Restore(broken, "L", out problem);
            Check.True(problem != null && dropped.Count == 0, "an unreadable saved ledger is dropped and reported");
            CompletedLedger empty = CompletedLedger.Restore(new MemoryLedgerStore(), "L", out problem);
            Check.True(problem == null && empty.Count == 0, "no saved ledger is an empty one, not a problem");
        }

        static void PumpDedupWithdrawDrop(Options options)
        {
            var pump = new RequestPump();
            Check.True(pump.Enqueue(new QueuedRequest { Id = "a", Method = "m" }), "a new id is queued");
            Check.True(!pump.Enqueue(new QueuedRequest { Id = "a", Method = "m" }), "a re-sent queued id is ignored");
            pump.Enqueue(new QueuedRequest { Id = "b", Method = "m" });
            pump.Enqueue(new QueuedRequest { Id = "c", Method = "m" });
            Check.True(pump.Withdraw("b"), "a queued id can be withdrawn");
            Check.Equal(RequestState.Unknown, pump.StateOf("b"), "a withdrawn id is gone");
            var ran = new List<string>();
            RequestState seenWhileRunning = RequestState.Unknown;
            JObject reportWhileRunning = null;
            pump.Pump(TimeSpan.FromSeconds(1), request =>
            {
                ran.Add(request.Id);
                if (request.Id == "a") seenWhileRunning = pump.StateOf("a");
                reportWhileRunning = reportWhileRunning ?? pump.MainThreadReport(new EditorStatus());
            });
            Check.Equal("a,c", string.Join(",", ran), "queued requests run in order, the withdrawn one never");
            Check.Equal(RequestState.Running, seenWhileRunning, "a running id reports running");
            Check.Equal("a", (string)reportWhileRunning["currentRequest"], "liveness names the running request");
            Check.Equal(1, (int)reportWhileRunning["queued"], "and the queue length");
            pump.Enqueue(new QueuedRequest { Id = "d", Method = "m" });
            Check.Equal(1, pump.DropQueued(), "a reload drops the queue");
            Check.Equal(0, pump.Pump(TimeSpan.FromSeconds(1), request => { throw new CheckFailed("nothing may run after a drop"); }), "nothing runs");
            JObject idle = pump.MainThreadReport(new EditorStatus());
            Check.Equal(false, (bool)idle["busy"], "an idle main thread is not busy");
        }

        // A new request calls the wake callback (once per new id, not for a re-sent one); each Pump is a
        // tick whose idle gap since the previous one is reported, and a long request counts as busy, not as a gap.
        static void PumpWakesAndMeasuresTickGaps(Options options)
        {
            long now = 0;
            int wakes = 0;
            var pump = new RequestPump(() => ++wakes, () => now);
            Check.True(pump.MainThreadReport(new EditorStatus())["tickGapMs"] == null, "no gap is reported before the first tick");
            pump.Enqueue(new QueuedRequest { Id = "a", Method = "m" });
            pump.Enqueue(new QueuedRequest { Id = "a", Method = "m" });
            Check.Equal(1, wakes, "a new request wakes the main thread once; a re-sent id does not");
            pump.Pump(TimeSpan.FromSeconds(1), request => { now += 4000; });
            now += 20;
            pump.Pump(TimeSpan.FromSeconds(1), request => { });
            JObject fast = pump.MainThreadReport(new EditorStatus());
            Check.Equal(20L, (long)fast["tickGapMs"], "a request that ran 4 s is not a tick gap (" + fast + ")");
            now += 1800;
            pump.Pump(TimeSpan.FromSeconds(1), request => { });
            now += 300;
            JObject throttled = pump.MainThreadReport(new EditorStatus());
            Check.Equal(1800L, (long)throttled["tickGapMs"], "the longest idle gap between ticks (" + throttled + ")");
            Check.Equal(300L, (long)throttled["sinceTickMs"], "the time since the last tick");
            now += 2500;
            Check.Equal(2800L, (long)pump.MainThreadReport(new EditorStatus())["tickGapMs"], "a main thread silent for longer reports that time");
            now += 11000;
            pump.Pump(TimeSpan.FromSeconds(1), request => { });
            now += 10;
            pump.Pump(TimeSpan.FromSeconds(1), request => { });
            JObject recovered = pump.MainThreadReport(new EditorStatus());
            Check.Equal(13800L, (long)recovered["tickGapMs"], "the gap just ended stays reported for a window (" + recovered + ")");
            for (int tick = 0; tick < 1100; ++tick)
            {
                now += 10;
                pump.Pump(TimeSpan.FromSeconds(1), request => { });
            }
            Check.Equal(10L, (long)pump.MainThreadReport(new EditorStatus())["tickGapMs"], "two windows of fast ticks forget an old gap");
            var failing = new RequestPump(() => { throw new InvalidOperationException("no signal"); });
            Check.True(failing.Enqueue(new QueuedRequest { Id = "b", Method = "m" }), "a failing wake does not lose the request");
            Check.Equal(RequestState.Queued, failing.StateOf("b"), "the request waits for the next scheduled tick");
        }

        // Off by default nothing is kept; on, lines from other threads reach the draining (main) thread
        // in order, at most LinesPerWindow per window, the rest in later windows, and what the queue bound
        // dropped is counted in one line.
        static void BridgeLogRelayRateLimited(Options options)
        {
            var relay = new BridgeLogRelay(BridgeLogging.Off);
            relay.Add("ignored");
            var shown = new List<string>();
            Check.Equal(0, relay.Drain(shown.Add, 0), "an off relay shows nothing");
            relay.Logging = BridgeLogging.ToConsole;
            var writer = new System.Threading.Thread(() => { for (int index = 0; index < 50; ++index) relay.Add("line " + index); });
            writer.Start();
            writer.Join();
            Check.Equal(BridgeLogRelay.LinesPerWindow, relay.Drain(shown.Add, 1000), "one window shows at most its limit");
            Check.Equal("line 0", shown[0], "in order, oldest first");
            Check.Equal(0, relay.Drain(shown.Add, 5000), "nothing more within the window");
            relay.Drain(shown.Add, 1000 + BridgeLogRelay.WindowMilliseconds);
            Check.Equal(2 * BridgeLogRelay.LinesPerWindow, shown.Count, "the next window shows the next lines");
            Check.Equal("line 20", shown[BridgeLogRelay.LinesPerWindow], "lines wait for the next window, none lost");
            for (int index = 0; index < BridgeLogRelay.QueueLimit + 5; ++index)
                relay.Add("flood " + index);
            relay.Drain(shown.Add, 2000 + 2 * BridgeLogRelay.WindowMilliseconds);
            Check.Equal("bridge: 15 log lines were not shown (at most 20 every 10 s)", shown[shown.Count - BridgeLogRelay.LinesPerWindow - 1],
                        "a queue past its bound drops the oldest (10 lines left over and 5 of the flood) and counts them");
            Check.Equal("flood 5", shown[shown.Count - BridgeLogRelay.LinesPerWindow], "the newest lines are kept");
        }

        static void DiscoveryRejectsBadFiles(Options options)
        {
            string project = HostProcess.NewProject();
            try
            {
                string file = HostDiscovery.FileFor(project);
                Directory.CreateDirectory(Path.GetDirectoryName(file));
                string problem;
                Check.True(HostDiscovery.Read(project, out problem) == null && problem.Contains("does not exist"), "a missing file: " + problem);
                foreach (string bad in new[] { "not json", "[1,2]", "{\"pid\":1}", "{\"pid\":1,\"port\":70000}", "{\"pid\":\"1\",\"port\":80}", "{\"pid\":1,\"port\":0}" })
                {
                    File.WriteAllText(file, bad);
                    Check.True(HostDiscovery.Read(project, out problem) == null && problem != null, "refuses " + bad);
                }
                File.WriteAllText(file, "{\"pid\":1,\"port\":80,\"pad\":\"" + new string('x', 70000) + "\"}");
                Check.True(HostDiscovery.Read(project, out problem) == null && problem.Contains("larger"), "an oversized file: " + problem);
                File.WriteAllText(file, "{\"pid\":1,\"port\":8080,\"tokenFiles\":{\"editor\":\"/elsewhere/UserSettings/AgentPanel/tokens/editor.token\"}}");
                HostDiscovery copied = HostDiscovery.Read(project, out problem);
                Check.Equal("/elsewhere", copied.ServedProject, "the served project follows the token files");
                Check.True(copied.ReadToken(TokenRole.Panel, out problem) == null && problem.Contains("panel"), "a role without a token file: " + problem);
            }
            finally
            {
                Directory.Delete(project, true);
            }
        }
    }
}
