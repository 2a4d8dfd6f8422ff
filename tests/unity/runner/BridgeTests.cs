// The shim's bridge client against the real uap-host: exactly once across simulated domain reloads,
// liveness while the C# main thread is blocked, and the host's refusals of a foreign project and a
// second editor.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using AgentPanel.Bridge;
using AgentPanel.Host;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class BridgeTests
    {
        const int StatusOk = 0, StatusTimeout = 6;

        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["bridge.exactly_once_across_ten_reloads"] = ExactlyOnceAcrossTenReloads;
            cases["bridge.liveness_while_main_thread_blocked"] = LivenessWhileMainThreadBlocked;
            cases["bridge.refusals"] = Refusals;
            cases["bridge.deferred_primitive_answers_later"] = DeferredPrimitiveAnswersLater;
            cases["bridge.answer_survives_a_dropped_socket"] = AnswerSurvivesADroppedSocket;
            cases["bridge.transform_set_get"] = TransformSetGet;
            cases["bridge.log_lines_reach_the_main_thread"] = LogLinesReachTheMainThread;
            cases["bridge.throttled_main_thread_is_alive_and_woken"] = ThrottledMainThreadIsAliveAndWoken;
        }

        static JObject Relay(McpClient mcp, string method, JObject parameters, int timeoutMs)
        {
            return mcp.CallTool("unity_test_relay", new JObject { { "method", method }, { "params", parameters }, { "timeoutMs", timeoutMs } });
        }

        static JObject Vector(double x, double y, double z)
        {
            return new JObject { { "x", x }, { "y", y }, { "z", z } };
        }

        // A real host, the shim connected to it from a simulated editor domain, and an MCP client of the host.
        static void WithConnectedEditor(Options options, Action<EditorDomain, McpClient> test)
        {
            using (var host = new HostProcess(options.HostBinary, options.PluginsFolder))
            {
                var scene = new InMemoryScene(host.Project, "test-session-" + Guid.NewGuid().ToString("N"));
                using (var editor = new EditorDomain(host.Discovery, host.Token(TokenRole.Editor), scene))
                {
                    Check.True(editor.Client.WaitConnected(TimeSpan.FromSeconds(15)), "the shim connects to the host");
                    test(editor, new McpClient(host.Discovery.McpUrl, host.Token(TokenRole.Mcp)));
                }
            }
        }

        // transform.set then transform.get through the host's /mcp and the shim's dispatcher: the
        // read-back matches what was set, and malformed vectors are refused before anything changes.
        static void TransformSetGet(Options options)
        {
            WithConnectedEditor(options, (editor, mcp) =>
            {
                JObject created = Relay(mcp, "object.create", new JObject { { "name", "Crate" } }, 10000);
                Check.Equal(StatusOk, (int)created["status"], "object.create status (" + created + ")");
                var target = new JObject { { "instanceId", (long)created["answer"]["observed"]["instanceId"] } };
                JObject set = Relay(mcp, "transform.set", new JObject
                {
                    { "object", target }, { "space", "world" }, { "position", Vector(1, 2, -3) },
                    { "rotation", Vector(0, 90, 0) }, { "scale", Vector(2, 2, 2) },
                }, 10000);
                Check.Equal(StatusOk, (int)set["status"], "transform.set status (" + set + ")");
                JObject observed = (JObject)set["answer"]["observed"];
                Check.True(JToken.DeepEquals(Vector(1, 2, -3), observed["world"]["position"]), "world position read back (" + observed + ")");
                Check.True(JToken.DeepEquals(Vector(2, 2, 2), observed["local"]["scale"]), "local scale read back (" + observed + ")");
                Check.True(Math.Abs((double)observed["world"]["rotation"]["y"] - Math.Sqrt(0.5)) < 1e-6 &&
                           Math.Abs((double)observed["world"]["rotation"]["w"] - Math.Sqrt(0.5)) < 1e-6, "a quarter turn about y (" + observed + ")");
                JObject got = Relay(mcp, "transform.get", new JObject { { "object", target } }, 10000);
                Check.Equal(StatusOk, (int)got["status"], "transform.get status (" + got + ")");
                Check.True(JToken.DeepEquals(observed, got["answer"]["transform"]), "transform.get answers what transform.set observed (" + got + ")");

                var malformed = new[]
                {
                    new JObject { { "object", target }, { "position", new JObject { { "x", 1 }, { "y", 2 } } } },
                    new JObject { { "object", target }, { "position", new JObject { { "x", 1 }, { "y", 2 }, { "z", 3 }, { "w", 4 } } } },
                    new JObject { { "object", target }, { "position", new JObject { { "x", "1" }, { "y", 2 }, { "z", 3 } } } },
                    new JObject { { "object", target }, { "scale", new JObject { { "x", 1e300 }, { "y", 1 }, { "z", 1 } } } },
                    new JObject { { "object", target }, { "space", "screen" }, { "position", Vector(0, 0, 0) } },
                    new JObject { { "object", target } },
                };
                foreach (JObject parameters in malformed)
                {
                    JObject refused = Relay(mcp, "transform.set", parameters, 10000);
                    Check.True((int)refused["status"] != StatusOk, "refused: " + parameters.ToString(Newtonsoft.Json.Formatting.None) + " (" + refused + ")");
                    Check.Equal("invalid_params", (string)refused["answer"]["code"], "code for " + parameters.ToString(Newtonsoft.Json.Formatting.None));
                }
                JObject missing = Relay(mcp, "transform.get", new JObject { { "object", new JObject { { "instanceId", 987654 } } } }, 10000);
                Check.Equal("not_found", (string)missing["answer"]["code"], "an unknown instance id (" + missing + ")");
                JObject after = Relay(mcp, "transform.get", new JObject { { "object", target } }, 10000);
                Check.True(JToken.DeepEquals(observed, after["answer"]["transform"]), "the refused writes changed nothing (" + after + ")");
            });
        }

        static void ExactlyOnceAcrossTenReloads(Options options)
        {
            using (var host = new HostProcess(options.HostBinary, options.PluginsFolder))
            {
                var scene = new InMemoryScene(host.Project, "test-session-" + Guid.NewGuid().ToString("N")) { WriteCost = TimeSpan.FromMilliseconds(15) };
                using (var editor = new EditorDomain(host.Discovery, host.Token(TokenRole.Editor), scene))
                {
                    Check.True(editor.Client.WaitConnected(TimeSpan.FromSeconds(15)), "the shim connects to the host (" + editor.Client.LastError + ")");
                    var mcp = new McpClient(host.Discovery.McpUrl, host.Token(TokenRole.Mcp));
                    const int total = 100, writers = 8, reloads = 10;
                    var answers = new JObject[total];
                    var failures = new List<string>();
                    int next = -1, finished = 0;
                    var threads = new List<Thread>();
                    for (int writer = 0; writer < writers; ++writer)
                    {
                        var thread = new Thread(() =>
                        {
                            for (int index; (index = Interlocked.Increment(ref next)) < total;)
                            {
                                try { answers[index] = Relay(mcp, "object.create", new JObject { { "name", "Object-" + index } }, 30000); }
                                catch (Exception error) { lock (failures) failures.Add("write " + index + ": " + error.Message); }
                                Interlocked.Increment(ref finished);
                            }
                        });
                        thread.Start();
                        threads.Add(thread);
                    }
                    // Each reload starts while writes are in flight: the first after a few answers, then spread out.
                    int reloadsDuringWrites = 0;
                    for (int reload = 0; reload < reloads; ++reload)
                    {
                        while (Volatile.Read(ref finished) < reload * (total / (reloads + 2)) + 3)
                            Thread.Sleep(2);
                        if (Volatile.Read(ref finished) < total)
                            ++reloadsDuringWrites;
                        editor.Reload(TimeSpan.FromMilliseconds(150));
                        Check.True(editor.ReloadDone.Wait(TimeSpan.FromSeconds(20)), "reload " + reload + " completes");
                        Check.True(editor.Client.WaitConnected(TimeSpan.FromSeconds(15)), "the shim reconnects after reload " + reload);
                        Thread.Sleep(30);
                    }
                    foreach (Thread thread in threads)
                        Check.True(thread.Join(TimeSpan.FromSeconds(120)), "every writer finishes");
                    Check.True(failures.Count == 0, "no write failed: " + string.Join("; ", failures.ToArray()));
                    for (int index = 0; index < total; ++index)
                    {
                        JObject answer = answers[index];
                        Check.Equal(StatusOk, (int)answer["status"], "write " + index + " status (answer " + answer + ")");
                        Check.Equal("Object-" + index, (string)answer["answer"]["observed"]["name"], "write " + index + " observed name");
                        Check.Equal(1, scene.ExecutionsOf("Object-" + index), "executions of write " + index);
                    }
                    Check.Equal(reloads, editor.Reloads, "reloads performed");
                    Check.Equal(reloads, reloadsDuringWrites, "reloads that began with writes unanswered");
                    Check.True(editor.Replayed + editor.DroppedByReload > 0, "the reloads caught requests queued or answered-but-undelivered");
                    // The host makes requests of its own (type lookups for extension profiles after reloads), so the
                    // writes are counted where the scene executed them, by method.
                    int createCalls;
                    Check.Equal(total, scene.CallsByMethod().TryGetValue("object.create", out createCalls) ? createCalls : 0,
                                "object.create executed on the main thread across all domains");
                    JObject roots = Relay(mcp, "hierarchy.roots", new JObject { { "limit", 1000 } }, 10000);
                    Check.Equal(total, (int)roots["answer"]["total"], "objects in the scene as the host reads them");
                    Console.WriteLine("exactly once: " + total + " writes, " + editor.Reloads + " reloads, " + editor.Replayed +
                                      " answered from the ledger, " + editor.DroppedByReload + " queued requests dropped by reloads and re-sent");
                }
            }
        }

        static void LivenessWhileMainThreadBlocked(Options options)
        {
            using (var host = new HostProcess(options.HostBinary, options.PluginsFolder))
            {
                var scene = new InMemoryScene(host.Project, "test-session-" + Guid.NewGuid().ToString("N"));
                using (var editor = new EditorDomain(host.Discovery, host.Token(TokenRole.Editor), scene))
                {
                    Check.True(editor.Client.WaitConnected(TimeSpan.FromSeconds(15)), "the shim connects to the host");
                    var mcp = new McpClient(host.Discovery.McpUrl, host.Token(TokenRole.Mcp));
                    // The main thread blocks inside this write; the host's timeout probes the editor off its main thread.
                    JObject timedOut = Relay(mcp, "object.create", new JObject { { "name", "block-main-thread" } }, 1500);
                    Check.True(scene.Blocked.IsSet, "the main thread is blocked inside the write");
                    Check.Equal(StatusTimeout, (int)timedOut["status"], "a timed-out call's status (" + timedOut + ")");
                    JObject error = (JObject)timedOut["answer"];
                    Check.Equal("still_running", (string)error["code"], "outcome while the main thread is blocked");
                    JObject report = (JObject)error["data"]["editor"];
                    Check.Equal("running", (string)report["state"], "the socket thread's request.status");
                    Check.Equal(true, (bool)report["mainThread"]["busy"], "mainThread.busy");
                    Check.Equal("request", (string)report["mainThread"]["busyWith"], "mainThread.busyWith");
                    Check.Equal((string)error["data"]["requestId"], (string)report["mainThread"]["currentRequest"], "mainThread.currentRequest");
                    Check.True((long)report["mainThread"]["busySinceMs"] >= 1000, "busySinceMs covers the blocked time");
                    // The host's own ping (every 2 s) is answered while the main thread stays blocked.
                    Thread.Sleep(2500);
                    JObject ping = mcp.CallTool("uap_ping", new JObject());
                    Check.Equal("connected", (string)ping["editor"]["state"], "editor state in uap_ping (" + ping + ")");
                    Check.Equal(true, (bool)ping["editor"]["mainThread"]["busy"], "uap_ping's latest liveness report (" + ping + ")");
                    Check.True((long)ping["editor"]["mainThreadReportAgeMs"] < 2500, "the liveness report is fresh while blocked (" + ping + ")");
                    scene.Release.Set();
                    string jobId = (string)error["data"]["jobId"];
                    JObject job = null;
                    for (int attempt = 0; attempt < 100; ++attempt)
                    {
                        job = Relay(mcp, "host.jobStatus", new JObject { { "jobId", jobId } }, 5000);
                        if ((string)job["answer"]["state"] == "completed")
                            break;
                        Thread.Sleep(50);
                    }
                    Check.Equal("completed", (string)job["answer"]["state"], "the job after the main thread is free (" + job + ")");
                    Check.Equal(1, scene.ExecutionsOf("block-main-thread"), "the blocked write ran once");
                }
            }
        }

        // scripts.validate finishes on a later editor frame: while it runs, request.status says running
        // (not unknown, which the host would call abandoned), and its answer arrives once.
        static void DeferredPrimitiveAnswersLater(Options options)
        {
            using (var host = new HostProcess(options.HostBinary, options.PluginsFolder))
            {
                var scene = new InMemoryScene(host.Project, "test-session-" + Guid.NewGuid().ToString("N")) { ValidationTime = TimeSpan.FromMilliseconds(1500) };
                using (var editor = new EditorDomain(host.Discovery, host.Token(TokenRole.Editor), scene))
                {
                    Check.True(editor.Client.WaitConnected(TimeSpan.FromSeconds(15)), "the shim connects to the host");
                    var mcp = new McpClient(host.Discovery.McpUrl, host.Token(TokenRole.Mcp));
                    var sources = new JArray(new JObject { { "path", "Assets/Broken.cs" }, { "text", "class Broken { error }" } });
                    JObject early = Relay(mcp, "scripts.validate", new JObject { { "sources", sources } }, 300);
                    Check.Equal("still_running", (string)early["answer"]["code"], "a validation still compiling (" + early + ")");
                    Check.Equal("running", (string)early["answer"]["data"]["editor"]["state"], "request.status of a deferred primitive");
                    Check.Equal(false, (bool)early["answer"]["data"]["editor"]["mainThread"]["busy"], "the main thread is free while it compiles");
                    JObject job = null;
                    for (int attempt = 0; attempt < 100; ++attempt)
                    {
                        job = Relay(mcp, "host.jobStatus", new JObject { { "jobId", (string)early["answer"]["data"]["jobId"] } }, 5000);
                        if ((string)job["answer"]["state"] == "completed")
                            break;
                        Thread.Sleep(50);
                    }
                    Check.Equal("completed", (string)job["answer"]["state"], "the validation completes (" + job + ")");
                    Check.Equal(false, (bool)job["answer"]["result"]["ok"], "its diagnostics say it failed (" + job + ")");
                    JObject clean = Relay(mcp, "scripts.validate", new JObject { { "sources", new JArray(new JObject { { "path", "Assets/Fine.cs" }, { "text", "class Fine {}" } }) } }, 10000);
                    Check.Equal(StatusOk, (int)clean["status"], "a validation within its timeout (" + clean + ")");
                    Check.Equal(true, (bool)clean["answer"]["ok"], "a clean source validates");
                    Check.Equal(2, scene.ValidationsStarted, "each validation started once");
                }
            }
        }

        // The socket is lost while a write runs: its answer cannot be sent, stays in the ledger as
        // undelivered, and reaches the caller through the next hello's "completed"; the write ran once.
        static void AnswerSurvivesADroppedSocket(Options options)
        {
            using (var host = new HostProcess(options.HostBinary, options.PluginsFolder))
            {
                var scene = new InMemoryScene(host.Project, "test-session-" + Guid.NewGuid().ToString("N"));
                using (var editor = new EditorDomain(host.Discovery, host.Token(TokenRole.Editor), scene))
                {
                    Check.True(editor.Client.WaitConnected(TimeSpan.FromSeconds(15)), "the shim connects to the host");
                    int undeliveredAfterDrop = -1;
                    scene.DuringDroppingWrite = () =>
                    {
                        editor.Client.DropConnection();
                        // Wait until the client noticed, so the answer's send must fail.
                        for (int attempt = 0; attempt < 200 && editor.Client.Connected; ++attempt)
                            Thread.Sleep(5);
                    };
                    var mcp = new McpClient(host.Discovery.McpUrl, host.Token(TokenRole.Mcp));
                    var watcher = new Thread(() =>
                    {
                        for (int attempt = 0; attempt < 400 && undeliveredAfterDrop < 1; ++attempt)
                        {
                            undeliveredAfterDrop = editor.Client.Ledger.Undelivered().Count;
                            Thread.Sleep(2);
                        }
                    });
                    watcher.Start();
                    JObject answer = Relay(mcp, "object.create", new JObject { { "name", "drop-mid-call" } }, 30000);
                    watcher.Join();
                    Check.Equal(StatusOk, (int)answer["status"], "the caller gets the answer (" + answer + ")");
                    Check.Equal("drop-mid-call", (string)answer["answer"]["observed"]["name"], "the answer is the write's own");
                    Check.Equal(1, undeliveredAfterDrop, "the answer waited in the ledger as undelivered");
                    Check.Equal(1, scene.ExecutionsOf("drop-mid-call"), "the write ran once");
                    // The host relays the answer as soon as the hello carries it; the client marks it sent once
                    // its send returns, which on a loaded machine can be a moment after the caller has its answer.
                    int undelivered = editor.Client.Ledger.Undelivered().Count;
                    for (int attempt = 0; attempt < 200 && undelivered > 0; ++attempt)
                    {
                        Thread.Sleep(10);
                        undelivered = editor.Client.Ledger.Undelivered().Count;
                    }
                    Check.Equal(0, undelivered, "the reconnection's hello delivered it");
                }
            }
        }

        // The client's log lines, written on its socket thread, reach the thread that drains the relay (the
        // editor's main thread, where the Unity side calls Debug.Log) when logging is on, and none when off.
        static void LogLinesReachTheMainThread(Options options)
        {
            using (var host = new HostProcess(options.HostBinary, options.PluginsFolder))
            {
                var endpoint = new BridgeEndpoint { Uri = host.Discovery.BridgeUri, Token = host.Token(TokenRole.Editor) };
                var relay = new BridgeLogRelay(BridgeLogging.ToConsole);
                var shown = new List<string>();
                int drainingThread = Thread.CurrentThread.ManagedThreadId;
                var clock = System.Diagnostics.Stopwatch.StartNew();
                using (var client = new BridgeClient(endpoint, new InMemoryScene(host.Project, "logging-session"), new CompletedLedger(), new RequestPump(),
                                                     new EditorStatus(), ReloadAnnouncement.None, relay.Add))
                {
                    client.Start();
                    Check.True(client.WaitConnected(TimeSpan.FromSeconds(15)), "the shim connects to the host");
                    while (clock.Elapsed < TimeSpan.FromSeconds(10) && !shown.Any(line => line.Contains("connected to the host")))
                    {
                        relay.Drain(line => { Check.Equal(drainingThread, Thread.CurrentThread.ManagedThreadId, "lines are written on the draining thread"); shown.Add(line); },
                                    clock.ElapsedMilliseconds);
                        Thread.Sleep(10);
                    }
                    Check.True(shown.Any(line => line.Contains("bridge: connected to the host")), "the connection's log line arrived: " + string.Join(" | ", shown));
                }
                var silent = new BridgeLogRelay(BridgeLogging.Off);
                using (var client = new BridgeClient(endpoint, new InMemoryScene(host.Project, "logging-session"), new CompletedLedger(), new RequestPump(),
                                                     new EditorStatus(), ReloadAnnouncement.None, silent.Add))
                {
                    client.Start();
                    Check.True(client.WaitConnected(TimeSpan.FromSeconds(15)), "the shim connects again");
                    Check.Equal(0, silent.Drain(line => { }, clock.ElapsedMilliseconds), "with logging off nothing reaches the Console");
                }
            }
        }

        // The shim's pump on a main thread that ticks every 1.5 s, as a background editor's does: the host's
        // uap_ping reports it throttled with the measured gap, calls still complete on the same connection,
        // and with the socket thread's wake honoured (SignalTick in Unity) a call does not wait for the tick.
        static void ThrottledMainThreadIsAliveAndWoken(Options options)
        {
            WithConnectedEditor(options, (editor, mcp) =>
            {
                editor.Throttle(TimeSpan.FromMilliseconds(1500), Wakes.Ignored);
                var slowest = TimeSpan.Zero;
                for (int index = 0; index < 3; ++index)
                {
                    var watch = System.Diagnostics.Stopwatch.StartNew();
                    JObject created = Relay(mcp, "object.create", new JObject { { "name", "Background" + index } }, 10000);
                    Check.Equal(StatusOk, (int)created["status"], "a call on the throttled editor completes (" + created + ")");
                    if (watch.Elapsed > slowest)
                        slowest = watch.Elapsed;
                }
                Check.True(slowest >= TimeSpan.FromMilliseconds(300), "without the wake a call waits for the tick (" + slowest.TotalMilliseconds + " ms)");
                Thread.Sleep(2500); // The host pings every 2 s.
                JObject ping = mcp.CallTool("uap_ping", new JObject());
                Check.Equal("connected", (string)ping["editor"]["state"], "still connected (" + ping + ")");
                Check.Equal("throttled", (string)ping["editor"]["liveness"]["state"], "liveness (" + ping + ")");
                Check.True((long)ping["editor"]["liveness"]["tickGapMs"] >= 1000, "the measured gap (" + ping + ")");
                Check.True(ping["editor"]["liveness"]["queueWaitMs"] != null && (long)ping["editor"]["liveness"]["queueWaitMs"] >= 300,
                           "liveness carries how long a call waited for the tick (" + ping + ")");
                Check.Equal(1L, editor.Client.Counters.Connections, "no reconnect while throttled");

                editor.Throttle(TimeSpan.FromMilliseconds(4000), Wakes.Honoured);
                Thread.Sleep(300);
                var woken = System.Diagnostics.Stopwatch.StartNew();
                JObject fast = Relay(mcp, "object.create", new JObject { { "name", "Woken" } }, 10000);
                Check.Equal(StatusOk, (int)fast["status"], "the woken call completes (" + fast + ")");
                Check.True(woken.Elapsed < TimeSpan.FromMilliseconds(1500), "the wake runs it before the 4 s tick (" + woken.Elapsed.TotalMilliseconds + " ms)");
                Console.WriteLine("throttled: slowest call " + (long)slowest.TotalMilliseconds + " ms, gap " + ping["editor"]["liveness"]["tickGapMs"] +
                                  " ms, queue wait " + ping["editor"]["liveness"]["queueWaitMs"] + " ms; woken call " + (long)woken.Elapsed.TotalMilliseconds + " ms");
            });
        }

        static void Refusals(Options options)
        {
            using (var host = new HostProcess(options.HostBinary, options.PluginsFolder))
            {
                string token = host.Token(TokenRole.Editor);
                var endpoint = new BridgeEndpoint { Uri = host.Discovery.BridgeUri, Token = token };
                var foreign = new InMemoryScene(host.Project + "-other", "foreign-session");
                using (var client = new BridgeClient(endpoint, foreign, new CompletedLedger(), new RequestPump(), new EditorStatus(), ReloadAnnouncement.None, null))
                {
                    client.Start();
                    Check.True(!client.WaitConnected(TimeSpan.FromSeconds(10)), "an editor of another project is not served");
                    Check.True(client.Refusal != null && client.Refusal.StartsWith("wrong_project"), "refusal names wrong_project: " + client.Refusal);
                }
                var first = new InMemoryScene(host.Project, "first-session");
                using (var client = new BridgeClient(endpoint, first, new CompletedLedger(), new RequestPump(), new EditorStatus(), ReloadAnnouncement.None, null))
                {
                    client.Start();
                    Check.True(client.WaitConnected(TimeSpan.FromSeconds(10)), "the project's editor is served");
                    var second = new InMemoryScene(host.Project, "second-session");
                    using (var intruder = new BridgeClient(endpoint, second, new CompletedLedger(), new RequestPump(), new EditorStatus(), ReloadAnnouncement.None, null))
                    {
                        intruder.Start();
                        Check.True(!intruder.WaitConnected(TimeSpan.FromSeconds(10)), "a second editor session is not served");
                        Check.True(intruder.Refusal != null && intruder.Refusal.StartsWith("second_editor"), "refusal names second_editor: " + intruder.Refusal);
                    }
                    var wrongToken = new BridgeEndpoint { Uri = host.Discovery.BridgeUri, Token = host.Token(TokenRole.Panel) };
                    using (var unauthorized = new BridgeClient(wrongToken, new InMemoryScene(host.Project, "third"), new CompletedLedger(), new RequestPump(), new EditorStatus(), ReloadAnnouncement.None, null))
                    {
                        unauthorized.Start();
                        Check.True(!unauthorized.WaitConnected(TimeSpan.FromSeconds(2)), "another role's token does not open the bridge");
                        Check.True(unauthorized.LastError != null, "the failed upgrade is reported: " + unauthorized.LastError);
                    }
                    Check.True(client.Connected, "the served editor stays connected");
                }
            }
        }
    }
}
