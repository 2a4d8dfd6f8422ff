// A simulated Unity editor around the shim's bridge client: one "main thread" that ticks the pump
// as EditorApplication.update would, and domain reloads done the way the Unity assembly does them
// (close for reload, keep the ledger's saved text as SessionState would, build a new client). The main
// thread can be throttled like a background editor's, honouring or ignoring the pump's wake.
using System;
using System.Collections.Concurrent;
using System.Threading;
using AgentPanel.Bridge;
using AgentPanel.Host;

namespace AgentPanel.Tests
{
    // Whether a throttled main thread ticks early when the socket thread wakes it.
    public enum Wakes { Honoured, Ignored }

    public sealed class EditorDomain : IDisposable
    {
        readonly BridgeEndpoint m_endpoint;
        readonly InMemoryScene m_scene;
        // SessionState as the Unity assembly uses it: the ledger's segments outlive each domain.
        readonly MemoryLedgerStore m_sessionState = new MemoryLedgerStore();
        const string LedgerKey = "AgentPanel.Ledger";
        readonly EditorStatus m_status = new EditorStatus();
        readonly ConcurrentQueue<Action> m_mainThreadWork = new ConcurrentQueue<Action>();
        readonly Thread m_mainThread;
        volatile bool m_stopping;
        readonly AutoResetEvent m_wake = new AutoResetEvent(false);
        int m_tickIntervalMs;
        volatile bool m_wakeHonoured = true;
        BridgeClient m_client;
        long m_executedBeforeReloads, m_replayed, m_droppedByReload;
        int m_reloads;
        public readonly ManualResetEventSlim ReloadDone = new ManualResetEventSlim(false);

        public EditorDomain(HostDiscovery discovery, string editorToken, InMemoryScene scene)
        {
            m_endpoint = new BridgeEndpoint { Uri = discovery.BridgeUri, Token = editorToken };
            m_scene = scene;
            m_client = NewClient(new CompletedLedger(), ReloadAnnouncement.None);
            m_client.Start();
            m_mainThread = new Thread(MainLoop) { Name = "simulated Unity main thread", IsBackground = true };
            m_mainThread.Start();
        }

        public BridgeClient Client { get { return Volatile.Read(ref m_client); } }
        public int Reloads { get { return Volatile.Read(ref m_reloads); } }
        public long Executed { get { return Interlocked.Read(ref m_executedBeforeReloads) + (Client != null ? Client.Counters.Executed : 0); } }
        public long Replayed { get { return Interlocked.Read(ref m_replayed) + (Client != null ? Client.Counters.Replayed : 0); } }
        public long DroppedByReload { get { return Interlocked.Read(ref m_droppedByReload); } }

        BridgeClient NewClient(CompletedLedger ledger, ReloadAnnouncement announce)
        {
            return new BridgeClient(m_endpoint, m_scene, ledger, new RequestPump(Wake), m_status, announce, line => Console.WriteLine(DateTime.Now.ToString("HH:mm:ss.fff") + " " + line));
        }

        // The socket thread's wake, as SignalTick is in Unity: an early tick unless the test ignores it.
        void Wake()
        {
            if (m_wakeHonoured)
                m_wake.Set();
        }

        // Ticks once per interval from now on (zero: as fast as before); wakes honoured or not.
        public void Throttle(TimeSpan interval, Wakes wakes)
        {
            m_wakeHonoured = wakes == Wakes.Honoured;
            Volatile.Write(ref m_tickIntervalMs, (int)interval.TotalMilliseconds);
        }

        void MainLoop()
        {
            while (!m_stopping)
            {
                Action work;
                while (m_mainThreadWork.TryDequeue(out work))
                    work();
                BridgeClient client = Client;
                if (client != null)
                    client.Tick(TimeSpan.FromMilliseconds(20));
                m_scene.Tick();
                int interval = Volatile.Read(ref m_tickIntervalMs);
                if (interval > 0)
                    m_wake.WaitOne(interval);
                else
                    Thread.Sleep(2);
            }
        }

        // Queues a domain reload on the main thread, after what is already running there.
        public void Reload(TimeSpan duration)
        {
            ReloadDone.Reset();
            m_mainThreadWork.Enqueue(() =>
            {
                BridgeClient old = m_client;
                old.CloseForReload(TimeSpan.FromSeconds(2));
                BridgeCounters counters = old.Counters;
                Interlocked.Add(ref m_executedBeforeReloads, counters.Executed);
                Interlocked.Add(ref m_replayed, counters.Replayed);
                Interlocked.Add(ref m_droppedByReload, counters.DroppedByReload);
                old.Ledger.Save(m_sessionState, LedgerKey);
                Volatile.Write(ref m_client, null);
                Thread.Sleep(duration);
                string problem;
                CompletedLedger restored = CompletedLedger.Restore(m_sessionState, LedgerKey, out problem);
                Check.True(problem == null, "the ledger survives the reload (" + problem + ")");
                BridgeClient fresh = NewClient(restored, ReloadAnnouncement.AfterWelcome);
                fresh.Start();
                Volatile.Write(ref m_client, fresh);
                Interlocked.Increment(ref m_reloads);
                ReloadDone.Set();
            });
        }

        public void Dispose()
        {
            m_stopping = true;
            m_scene.Release.Set();
            m_mainThread.Join(5000);
            BridgeClient client = Client;
            if (client != null)
                client.Stop();
        }
    }
}
