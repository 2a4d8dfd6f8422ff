// Host supervision under mono against the real uap-host: a host killed in the middle of a request is
// replaced within 5 s and the request takes effect once (its answer reaches the new host as a job); a
// host that stops answering is replaced; a host binary that cannot start is reported once after three
// attempts, with no busy loop.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Threading;
using AgentPanel.Bridge;
using AgentPanel.Host;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class SupervisionTests
    {
        static readonly TimeSpan ReplacementBound = TimeSpan.FromSeconds(5);

        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["supervision.host_killed_mid_request"] = HostKilledMidRequest;
            cases["supervision.silent_host_replaced"] = SilentHostReplaced;
            cases["supervision.failing_host_reported_once"] = FailingHostReportedOnce;
            cases["supervision.repeated_fault_warned_once"] = RepeatedFaultWarnedOnce;
        }

        // The shim's bridge client under a HostSupervisor, with a simulated main thread that ticks whichever
        // client the supervisor holds, and every notice the supervisor gives the user.
        sealed class SupervisedEditor : IDisposable
        {
            public readonly HostSupervisor Supervisor;
            public readonly List<string> Warnings = new List<string>();
            readonly InMemoryScene m_scene;
            readonly Thread m_mainThread;
            readonly HashSet<long> m_hosts = new HashSet<long>();
            volatile bool m_stopping;

            public SupervisedEditor(string project, HostLauncher launcher, InMemoryScene scene)
            {
                m_scene = scene;
                var ledger = new CompletedLedger();
                Supervisor = new HostSupervisor(project, launcher,
                    endpoint => new BridgeClient(endpoint, scene, ledger, new RequestPump(), new EditorStatus(), ReloadAnnouncement.None, Log), Notice);
                m_mainThread = new Thread(() =>
                {
                    while (!m_stopping)
                    {
                        BridgeClient client = Supervisor.Client;
                        if (client != null)
                            client.Tick(TimeSpan.FromMilliseconds(20));
                        m_scene.Tick();
                        Thread.Sleep(2);
                    }
                }) { Name = "simulated Unity main thread", IsBackground = true };
                m_mainThread.Start();
                Supervisor.Start();
            }

            static void Log(string line) { Console.WriteLine(DateTime.Now.ToString("HH:mm:ss.fff") + " " + line); }

            void Notice(NoticeLevel level, string text)
            {
                Log(level + ": " + text);
                if (level == NoticeLevel.Warning)
                    lock (Warnings) Warnings.Add(text);
            }

            public int WarningCount { get { lock (Warnings) return Warnings.Count; } }

            // The host serving now, once the bridge is connected to it (other than notPid), or null at the deadline.
            public HostDiscovery WaitConnectedHost(long notPid, TimeSpan timeout)
            {
                var watch = Stopwatch.StartNew();
                while (watch.Elapsed < timeout)
                {
                    HostDiscovery host = Supervisor.Host;
                    BridgeClient client = Supervisor.Client;
                    if (host != null && host.Pid != notPid && client != null && client.Connected && client.EndpointUri == host.BridgeUri)
                    {
                        lock (m_hosts) m_hosts.Add(host.Pid);
                        return host;
                    }
                    Thread.Sleep(10);
                }
                return null;
            }

            public void Dispose()
            {
                m_stopping = true;
                m_scene.Release.Set();
                m_mainThread.Join(5000);
                HostDiscovery last = Supervisor.Host;
                Supervisor.Dispose();
                if (last != null)
                    lock (m_hosts) m_hosts.Add(last.Pid);
                // Only the hosts this test's supervisor started, by pid.
                foreach (long pid in m_hosts)
                    if (HostLauncher.ProcessAlive(pid))
                        using (Process process = Process.GetProcessById((int)pid))
                            HostProcess.Terminate(process);
            }
        }

        static HostLauncher LauncherFor(string project, Options options)
        {
            return new HostLauncher(project) { ConfiguredBinary = options.HostBinary, AdditionalArguments = "--plugins \"" + options.PluginsFolder + "\"" };
        }

        static McpClient McpOf(HostDiscovery host)
        {
            string problem;
            string token = host.ReadToken(TokenRole.Mcp, out problem);
            Check.True(token != null, "the host's MCP token is readable (" + problem + ")");
            return new McpClient(host.McpUrl, token);
        }

        static JObject Relay(McpClient mcp, string method, JObject parameters, int timeoutMs)
        {
            return mcp.CallTool("unity_test_relay", new JObject { { "method", method }, { "params", parameters }, { "timeoutMs", timeoutMs } });
        }

        static void Kill(long pid)
        {
            using (Process process = Process.GetProcessById((int)pid))
            {
                process.Kill();
                Check.True(process.WaitForExit(5000), "host " + pid + " ends when killed");
            }
        }

        static JObject JobStatus(McpClient mcp, string jobId)
        {
            return (JObject)Relay(mcp, "host.jobStatus", new JObject { { "jobId", jobId } }, 5000)["answer"];
        }

        static void HostKilledMidRequest(Options options)
        {
            string project = HostProcess.NewProject();
            var scene = new InMemoryScene(project, "supervised-" + Guid.NewGuid().ToString("N"));
            try
            {
                using (var editor = new SupervisedEditor(project, LauncherFor(project, options), scene))
                {
                    HostDiscovery first = editor.WaitConnectedHost(0, TimeSpan.FromSeconds(20));
                    Check.True(first != null, "the supervisor starts a host and connects (" + editor.Supervisor.Problem + ")");
                    McpClient mcp = McpOf(first);
                    // The write holds the main thread: the host's timeout gives the caller a job id for it.
                    JObject running = Relay(mcp, "object.create", new JObject { { "name", "block-main-thread" } }, 1500);
                    Check.True(scene.Blocked.IsSet, "the write is running on the main thread");
                    Check.Equal("still_running", (string)running["answer"]["code"], "the write outlives its timeout (" + running + ")");
                    string jobId = (string)running["answer"]["data"]["jobId"];
                    JObject queued = Relay(mcp, "object.create", new JObject { { "name", "queued-behind" } }, 1000);
                    Check.Equal("queued", (string)queued["answer"]["data"]["editor"]["state"], "a second write waits behind it (" + queued + ")");
                    string queuedJobId = (string)queued["answer"]["data"]["jobId"];

                    var sinceKill = Stopwatch.StartNew();
                    Kill(first.Pid);
                    HostDiscovery second = editor.WaitConnectedHost(first.Pid, TimeSpan.FromSeconds(20));
                    TimeSpan toConnected = sinceKill.Elapsed;
                    Check.True(second != null, "a new host serves after the kill (" + editor.Supervisor.Problem + ")");
                    Check.True(second.Port != first.Port || second.Pid != first.Pid, "the bridge follows the new discovery file");
                    TimeSpan recovery = editor.Supervisor.LastRecovery.Value;
                    Console.WriteLine("recovery: host killed -> bridge connected to the new host in " + (long)toConnected.TotalMilliseconds +
                                      " ms (loss noticed -> new host's discovery file: " + (long)recovery.TotalMilliseconds + " ms); launches: " + editor.Supervisor.Launches);
                    Check.True(toConnected <= ReplacementBound, "the new host serves within " + ReplacementBound.TotalSeconds + " s of the kill: " + toConnected);

                    scene.Release.Set();
                    McpClient newMcp = McpOf(second);
                    JObject job = null;
                    var deadline = Stopwatch.StartNew();
                    while (deadline.Elapsed < TimeSpan.FromSeconds(15))
                    {
                        job = JobStatus(newMcp, jobId);
                        if ((string)job["state"] == "completed")
                            break;
                        Thread.Sleep(50);
                    }
                    Check.Equal("completed", (string)job["state"], "the new host has the interrupted write's answer under its old job id (" + job + ")");
                    Check.Equal("block-main-thread", (string)job["result"]["observed"]["name"], "and it is that write's answer");
                    // Requests run in order: once a later write has run, the one the lost host queued would have run before it.
                    JObject after = Relay(newMcp, "object.create", new JObject { { "name", "after-replacement" } }, 10000);
                    Check.Equal(0, (int)after["status"], "the new host's own write succeeds (" + after + ")");
                    Check.Equal(1, scene.ExecutionsOf("block-main-thread"), "the interrupted write took effect exactly once");
                    Check.Equal(0, scene.ExecutionsOf("queued-behind"), "the write the lost host had queued never ran (its caller is gone)");
                    Check.Equal("unknown", (string)JobStatus(newMcp, queuedJobId)["state"], "and the new host says so for its job id");
                    Check.True(editor.Supervisor.Client.Counters.DroppedByHostChange >= 1, "the client counted the dropped request");
                    Check.Equal(2, editor.Supervisor.Launches, "one start for the first host and one for its replacement");
                    Check.True(editor.WarningCount == 1 && editor.Warnings[0].Contains("pid " + first.Pid), "one warning names the lost host: " +
                               string.Join(" | ", editor.Warnings.ToArray()));
                }
            }
            finally
            {
                try { Directory.Delete(project, true); } catch (Exception) { }
            }
        }

        // A host that stops answering (stopped with SIGSTOP: alive, silent) is ended and replaced.
        static void SilentHostReplaced(Options options)
        {
            string project = HostProcess.NewProject();
            var scene = new InMemoryScene(project, "supervised-" + Guid.NewGuid().ToString("N"));
            try
            {
                using (var editor = new SupervisedEditor(project, LauncherFor(project, options), scene))
                {
                    editor.Supervisor.SilenceLimit = TimeSpan.FromSeconds(4);
                    HostDiscovery first = editor.WaitConnectedHost(0, TimeSpan.FromSeconds(20));
                    Check.True(first != null, "the supervisor starts a host and connects (" + editor.Supervisor.Problem + ")");
                    using (Process stop = Process.Start(new ProcessStartInfo("kill", "-STOP " + first.Pid) { UseShellExecute = false }))
                        stop.WaitForExit();
                    var sinceStop = Stopwatch.StartNew();
                    HostDiscovery second = editor.WaitConnectedHost(first.Pid, TimeSpan.FromSeconds(30));
                    Check.True(second != null, "a new host serves after the old one fell silent (" + editor.Supervisor.Problem + ")");
                    Console.WriteLine("silent host: replaced and connected " + (long)sinceStop.Elapsed.TotalMilliseconds + " ms after it stopped (silence limit " +
                                      editor.Supervisor.SilenceLimit.TotalSeconds + " s)");
                    Check.True(sinceStop.Elapsed <= editor.Supervisor.SilenceLimit + ReplacementBound, "replaced within the silence limit plus " +
                               ReplacementBound.TotalSeconds + " s: " + sinceStop.Elapsed);
                    Check.True(!HostLauncher.ProcessAlive(first.Pid), "the silent host was ended, not left behind");
                    Check.True(editor.Supervisor.Problem.Contains("sent nothing"), "the reason is kept: " + editor.Supervisor.Problem);
                }
            }
            finally
            {
                try { Directory.Delete(project, true); } catch (Exception) { }
            }
        }

        // A host binary that exits at once: three attempts, the second and third backed off, then one message with
        // its log lines and what to do, and no further attempt for the next several seconds.
        // A supervision step that throws at every check (here: making the bridge client fails) keeps
        // being retried, but its warning is given once, not four times a second.
        static void RepeatedFaultWarnedOnce(Options options)
        {
            using (var host = new HostProcess(options.HostBinary, options.PluginsFolder))
            {
                var warnings = new List<string>();
                int attempts = 0;
                var supervisor = new HostSupervisor(host.Project, LauncherFor(host.Project, options), endpoint =>
                {
                    Interlocked.Increment(ref attempts);
                    throw new InvalidOperationException("simulated fault making the client");
                }, (level, text) => { if (level == NoticeLevel.Warning) lock (warnings) warnings.Add(text); });
                supervisor.Start();
                try
                {
                    Thread.Sleep(3000);
                }
                finally
                {
                    supervisor.Stop(TimeSpan.FromSeconds(2));
                }
                Check.True(Volatile.Read(ref attempts) >= 3, "the failing step keeps being retried (" + attempts + " attempts)");
                lock (warnings)
                {
                    Check.Equal(1, warnings.Count, "one warning for the same fault: " + string.Join(" | ", warnings));
                    Check.True(warnings[0].Contains("simulated fault making the client") && warnings[0].Contains("retries quietly"), "it says what failed: " + warnings[0]);
                }
            }
        }

        static void FailingHostReportedOnce(Options options)
        {
            string project = HostProcess.NewProject();
            string attempts = Path.Combine(project, "attempts.txt");
            string binary = Path.Combine(project, "failing-uap-host");
            File.WriteAllText(binary, "#!/bin/sh\ndate +%s.%N >> '" + attempts + "'\n" +
                                      "echo 'uap-host: cannot open the plugins folder (simulated failure)' >&2\nexit 3\n");
            using (Process chmod = Process.Start(new ProcessStartInfo("chmod", "+x \"" + binary + "\"") { UseShellExecute = false }))
                chmod.WaitForExit();
            var scene = new InMemoryScene(project, "supervised-" + Guid.NewGuid().ToString("N"));
            try
            {
                var watch = Stopwatch.StartNew();
                using (var editor = new SupervisedEditor(project, new HostLauncher(project) { ConfiguredBinary = binary }, scene))
                {
                    while (editor.WarningCount == 0 && watch.Elapsed < TimeSpan.FromSeconds(30))
                        Thread.Sleep(20);
                    TimeSpan toMessage = watch.Elapsed;
                    Check.Equal(1, editor.WarningCount, "one message after the failed starts");
                    string message = editor.Warnings[0];
                    Check.True(message.Contains("3 times") && message.Contains("status 3"), "the message says what happened: " + message);
                    Check.True(message.Contains("simulated failure") && message.Contains(HostLog.FileFor(project)), "it carries the host's last log lines: " + message);
                    Check.True(message.Contains("Project Settings > Agent Panel") && message.Contains("Save and reconnect"), "and what to do: " + message);
                    string[] times = File.ReadAllLines(attempts);
                    Check.Equal(3, times.Length, "start attempts before the message");
                    double pause = double.Parse(times[2], System.Globalization.CultureInfo.InvariantCulture) -
                                   double.Parse(times[1], System.Globalization.CultureInfo.InvariantCulture);
                    Check.True(pause >= 1.5, "the third attempt waits for the backoff after the second: " + pause + " s");
                    // No busy loop: over the next seconds nothing more starts and nothing more is said.
                    var window = Stopwatch.StartNew();
                    while (window.Elapsed < TimeSpan.FromSeconds(5))
                    {
                        Check.Equal(3, File.ReadAllLines(attempts).Length, "start attempts " + (long)window.Elapsed.TotalMilliseconds + " ms after the message");
                        Check.Equal(1, editor.WarningCount, "messages " + (long)window.Elapsed.TotalMilliseconds + " ms after the message");
                        Thread.Sleep(100);
                    }
                    Check.Equal(SupervisionState.GaveUp, editor.Supervisor.State, "the supervisor waits for the user (or a minute)");
                    Console.WriteLine("failing host: 3 attempts, message after " + (long)toMessage.TotalMilliseconds + " ms, then 0 attempts in 5 s; pause before the third: " +
                                      pause.ToString("0.00") + " s");
                }
            }
            finally
            {
                try { Directory.Delete(project, true); } catch (Exception) { }
            }
        }
    }
}
