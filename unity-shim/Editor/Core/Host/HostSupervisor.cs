// Keeps one host serving the editor: finds or starts it, connects the bridge client, watches the host
// (its process, and the frames it sends), and when the host dies or stops answering starts a new one
// and points the same bridge client at it. Runs on its own thread, so a busy editor main thread does not
// delay a replacement; the editor only ticks the client's request pump.
using System;
using System.Diagnostics;
using System.Threading;
using AgentPanel.Bridge;

namespace AgentPanel.Host
{
    public enum SupervisionState { Starting, Connecting, Connected, WaitingToRetry, GaveUp, Refused, Stopped }

    public enum NoticeLevel { Info, Warning }

    public sealed class HostSupervisor : IDisposable
    {
        // How often the host's process and the bridge are looked at.
        public TimeSpan CheckInterval = TimeSpan.FromMilliseconds(250);
        // The host pings every 2 s; five missed pings mean it stopped answering (a busy host still pings).
        public TimeSpan SilenceLimit = TimeSpan.FromSeconds(10);
        // A running host whose bridge accepts no connection for this long is as good as dead.
        public TimeSpan ConnectLimit = TimeSpan.FromSeconds(10);
        // A host lost sooner than this after it started counts as a failed start (a crash loop backs off).
        public TimeSpan StableAfter = TimeSpan.FromSeconds(10);

        readonly HostLauncher m_launcher;
        readonly string m_projectPath;
        readonly Func<BridgeEndpoint, BridgeClient> m_createClient;
        readonly Action<NoticeLevel, string> m_notice;
        readonly RestartBackoff m_backoff = new RestartBackoff();
        readonly Stopwatch m_clock = Stopwatch.StartNew();
        readonly ManualResetEventSlim m_stop = new ManualResetEventSlim(false);
        readonly object m_gate = new object();
        Thread m_thread;

        BridgeClient m_client;
        HostDiscovery m_host;
        bool m_startedByUs;
        int m_generation, m_launches;
        SupervisionState m_state = SupervisionState.Starting;
        string m_problem;
        long m_hostSinceMs, m_nextLaunchMs, m_lostAtMs = -1;
        TimeSpan? m_lastRecovery;

        public HostSupervisor(string projectPath, HostLauncher launcher, Func<BridgeEndpoint, BridgeClient> createClient, Action<NoticeLevel, string> notice)
        {
            m_projectPath = projectPath;
            m_launcher = launcher;
            m_createClient = createClient;
            m_notice = notice ?? ((level, text) => { });
        }

        public BridgeClient Client { get { lock (m_gate) return m_client; } }
        public HostDiscovery Host { get { lock (m_gate) return m_host; } }
        // Changes each time the bridge follows another host: the panel window reconnects when it does.
        public int Generation { get { lock (m_gate) return m_generation; } }
        public SupervisionState State { get { lock (m_gate) return m_state; } }
        // What went wrong last (a failed start, a lost host, a refusal), or null.
        public string Problem { get { lock (m_gate) return m_problem; } }
        // From noticing the loss of a host to its replacement's discovery file.
        public TimeSpan? LastRecovery { get { lock (m_gate) return m_lastRecovery; } }
        public int Launches { get { lock (m_gate) return m_launches; } }

        public void Start()
        {
            m_thread = new Thread(Loop) { Name = "Agent Panel host supervisor", IsBackground = true };
            m_thread.Start();
        }

        // Stops watching (before a domain reload or when the editor quits); the host and the client are left
        // to their owner. A start in progress finishes on its own and leaves a host the next domain reuses.
        public void Stop(TimeSpan bound)
        {
            m_stop.Set();
            if (m_thread != null)
                m_thread.Join(bound);
            lock (m_gate) m_state = SupervisionState.Stopped;
        }

        public void Dispose()
        {
            Stop(TimeSpan.FromSeconds(2));
            BridgeClient client = Client;
            if (client != null)
                client.Stop();
        }

        // The supervisor thread's last failure, said once (Loop).
        string m_lastFailure;

        void Loop()
        {
            while (!m_stop.IsSet)
            {
                try
                {
                    Step();
                    m_lastFailure = null;
                }
                catch (Exception error)
                {
                    // A bug here must not end supervision, nor repeat its warning at every check (four a
                    // second): the same failure is said once, until a check succeeds or another fails.
                    string failure = error.GetType().Name + ": " + error.Message;
                    if (failure != m_lastFailure)
                        m_notice(NoticeLevel.Warning, "Agent Panel: host supervision failed (" + failure + "); it carries on and retries quietly");
                    m_lastFailure = failure;
                }
                m_stop.Wait(CheckInterval);
            }
        }

        void Step()
        {
            HostDiscovery host;
            lock (m_gate) host = m_host;
            if (host == null)
            {
                if (m_clock.ElapsedMilliseconds >= Volatile.Read(ref m_nextLaunchMs))
                    Launch();
                return;
            }
            string lost = CheckHealth(host);
            if (lost != null)
                Lose(host, lost);
        }

        void Launch()
        {
            lock (m_gate)
            {
                m_state = SupervisionState.Starting;
                ++m_launches;
            }
            HostLaunch launch = m_launcher.EnsureRunning();
            if (m_stop.IsSet)
                return;
            string problem = launch.Error;
            string token = launch.Ok ? launch.Discovery.ReadToken(TokenRole.Editor, out problem) : null;
            if (token == null)
            {
                Fail(problem);
                return;
            }
            var endpoint = new BridgeEndpoint { Uri = launch.Discovery.BridgeUri, Token = token };
            BridgeClient client = Client;
            // The first client is made before the host is adopted: if making it throws, nothing is half
            // set (a host without a client would fail every later health check), and the next check retries.
            bool created = client == null;
            if (created)
                client = m_createClient(endpoint);
            long lostAt;
            lock (m_gate)
            {
                m_client = client;
                m_host = launch.Discovery;
                m_startedByUs = launch.Origin == HostOrigin.Started;
                m_hostSinceMs = m_clock.ElapsedMilliseconds;
                ++m_generation;
                m_state = SupervisionState.Connecting;
                lostAt = m_lostAtMs;
                if (lostAt >= 0)
                    m_lastRecovery = TimeSpan.FromMilliseconds(m_hostSinceMs - lostAt);
                m_lostAtMs = -1;
            }
            if (created)
                client.Start();
            else
                client.Retarget(endpoint);
            if (lostAt >= 0)
                m_notice(NoticeLevel.Info, "Agent Panel: " + (m_startedByUs ? "started a new host" : "found a running host") + " (pid " + launch.Discovery.Pid +
                         ", port " + launch.Discovery.Port + ") " + (long)LastRecovery.Value.TotalMilliseconds + " ms after the previous one was lost");
        }

        // Null while the host serves; otherwise why it is considered lost.
        string CheckHealth(HostDiscovery host)
        {
            BridgeClient client = Client;
            if (!HostLauncher.ProcessAlive(host.Pid))
                return "exited";
            string refusal = client.Refusal;
            lock (m_gate)
            {
                if (refusal != null)
                {
                    // Not a dead host: it serves another editor or project. Replacing it would not help.
                    m_state = SupervisionState.Refused;
                    m_problem = "the host (pid " + host.Pid + ") refused this editor: " + refusal;
                    return null;
                }
                m_state = client.Connected ? SupervisionState.Connected : SupervisionState.Connecting;
                if (client.Connected && m_clock.ElapsedMilliseconds - m_hostSinceMs > StableAfter.TotalMilliseconds)
                {
                    m_backoff.RecordSuccess();
                    m_problem = null;
                }
            }
            TimeSpan silence = client.SinceLastFrame;
            if (client.Connected && silence > SilenceLimit)
                return "sent nothing for " + (int)silence.TotalSeconds + " s (it pings every 2 s), so it was ended";
            if (!client.Connected && silence > ConnectLimit)
                return "is running but its bridge accepted no connection for " + (int)silence.TotalSeconds + " s, so it was ended";
            return null;
        }

        void Lose(HostDiscovery host, string reason)
        {
            // A host that stopped answering still holds the project's discovery file; a new one would refuse to start.
            EndProcess(host.Pid);
            bool startedByUs;
            long sinceStart;
            lock (m_gate)
            {
                m_host = null;
                m_lostAtMs = m_clock.ElapsedMilliseconds;
                startedByUs = m_startedByUs;
                sinceStart = m_lostAtMs - m_hostSinceMs;
            }
            string what = "the host (pid " + host.Pid + ") " + reason;
            m_notice(NoticeLevel.Warning, "Agent Panel: " + what + "; starting a new one. A request the editor was running finishes and " +
                                          "its answer goes to the new host; requests the lost host had only queued do not run.");
            if (sinceStart < StableAfter.TotalMilliseconds)
            {
                // A host that dies soon after starting, again and again, is a failed start: the backoff applies.
                Fail(what + ", " + sinceStart / 1000 + " s after it started" + (startedByUs ? HostLog.Excerpt(HostLog.FileFor(m_projectPath)) : string.Empty),
                     false);
                return;
            }
            m_backoff.RecordSuccess();
            lock (m_gate) m_problem = what;
            Volatile.Write(ref m_nextLaunchMs, m_clock.ElapsedMilliseconds);
        }

        // A failed start; sayRetry tells the user when the next attempt comes (unless that was just said otherwise).
        void Fail(string problem, bool sayRetry = true)
        {
            bool report = m_backoff.RecordFailure();
            TimeSpan delay = m_backoff.DelayBeforeNextStart;
            lock (m_gate)
            {
                m_problem = problem;
                m_state = m_backoff.GaveUp ? SupervisionState.GaveUp : SupervisionState.WaitingToRetry;
            }
            Volatile.Write(ref m_nextLaunchMs, m_clock.ElapsedMilliseconds + (long)delay.TotalMilliseconds);
            if (report)
                m_notice(NoticeLevel.Warning, "Agent Panel could not start uap-host " + RestartBackoff.FailuresBeforeReport + " times in a row, so the " +
                                              "agent cannot reach this editor. The last attempt: " + problem + "\nWhat to do: fix what the log says " +
                                              "(or the host path in Project Settings > Agent Panel), then press Save and reconnect there. Until then " +
                                              "the package tries again every " + (int)RestartBackoff.DelayAfterReport.TotalSeconds + " s.");
            else if (sayRetry && !m_backoff.GaveUp)
                m_notice(NoticeLevel.Info, "Agent Panel: " + problem + "; trying again in " + delay.TotalSeconds + " s");
        }

        static void EndProcess(long pid)
        {
            if (!HostLauncher.ProcessAlive(pid))
                return;
            try
            {
                using (Process process = Process.GetProcessById((int)pid))
                {
                    process.Kill();
                    process.WaitForExit(2000);
                }
            }
            catch (Exception)
            {
                // Gone meanwhile, or not ours to end: the launcher then reports why it cannot start another.
            }
        }
    }
}
