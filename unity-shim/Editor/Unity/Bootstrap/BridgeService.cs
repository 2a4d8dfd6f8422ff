// The editor's one bridge: a HostSupervisor (its own thread) finds or starts the project's host, replaces
// it when it dies or stops answering, and keeps the bridge client pointed at it, with the editor session
// id and ledger kept in SessionState (they survive domain reloads); requests are pumped on
// EditorApplication.update and on the tick the socket thread signals, and the client closes before a reload.
using System;
using System.Diagnostics;
using System.IO;
using AgentPanel.Bridge;
using AgentPanel.Editor.Primitives;
using AgentPanel.Host;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using Debug = UnityEngine.Debug;

namespace AgentPanel.Editor
{
    public enum ServiceState { Idle, FindingHost, Connecting, Connected, Failed }

    public static class BridgeService
    {
        const string SessionIdKey = "AgentPanel.EditorSessionId";
        const string LedgerKey = "AgentPanel.Ledger";
        const string ReloadingKey = "AgentPanel.Reloading";
        public const string HostPathSetting = "AgentPanel.HostPath";
        // "true": the bridge's log lines (connections, refusals, retries) go to the Console; off by default.
        public const string BridgeLogSetting = "AgentPanel.BridgeLogToConsole";
        // Work per editor frame stays bounded so the editor keeps responding under a burst of calls
        // (Core/Bridge/FrameBudget.cs); whole milliseconds, per project and user.
        public const string FrameBudgetSetting = "AgentPanel.FrameBudgetMs";
        static TimeSpan s_frameBudget = TimeSpan.FromMilliseconds(FrameBudget.DefaultMs);

        static readonly EditorStatus s_status = new EditorStatus();
        static readonly BridgeLogRelay s_bridgeLog = new BridgeLogRelay(BridgeLogging.Off);
        static readonly Stopwatch s_clock = Stopwatch.StartNew();
        static HostSupervisor s_supervisor;
        static CompletedLedger s_ledger;
        static readonly SessionStateLedgerStore s_ledgerStore = new SessionStateLedgerStore();
        static bool s_closing;
        // Set by the bootstrap when the pump also runs on the internal tick event that SignalTick raises.
        public static bool WakeFromSocketThread;

        public static ServiceState State
        {
            get
            {
                if (s_supervisor == null) return ServiceState.Idle;
                switch (s_supervisor.State)
                {
                    case SupervisionState.Starting: return ServiceState.FindingHost;
                    case SupervisionState.Connecting: return ServiceState.Connecting;
                    case SupervisionState.Connected: return ServiceState.Connected;
                    case SupervisionState.Stopped: return ServiceState.Idle;
                    default: return ServiceState.Failed;
                }
            }
        }

        public static HostDiscovery Host { get { return s_supervisor != null ? s_supervisor.Host : null; } }
        // Changes whenever the bridge follows another host (new port, new tokens): the window reconnects then.
        public static int HostGeneration { get { return s_supervisor != null ? s_supervisor.Generation : 0; } }
        public static string LastError { get { return s_supervisor != null ? s_supervisor.Problem : null; } }
        public static TimeSpan? LastRecovery { get { return s_supervisor != null ? s_supervisor.LastRecovery : null; } }
        public static string ProjectPath { get { return HostLauncher.NormalizePath(Path.GetDirectoryName(Application.dataPath)); } }
        static BridgeClient Client { get { return s_supervisor != null ? s_supervisor.Client : null; } }

        static string SessionId()
        {
            string id = SessionState.GetString(SessionIdKey, string.Empty);
            if (id.Length == 0)
            {
                id = "unity-" + Guid.NewGuid().ToString("N");
                SessionState.SetString(SessionIdKey, id);
            }
            return id;
        }

        // Runs on update and on the internal tick event; a primitive that lets the editor loop run (a
        // refresh, a progress bar) must not start a second pump inside the first.
        static bool s_ticking;

        public static void Tick()
        {
            if (s_ticking)
                return;
            s_ticking = true;
            try
            {
                TickOnce();
            }
            finally
            {
                s_ticking = false;
            }
        }

        static void TickOnce()
        {
            string modal = null;
            s_status.Update(EditorApplication.isCompiling, EditorApplication.isUpdating, EditorAreaPrimitives.PlayMode(), modal);
            if (s_supervisor == null && !s_closing)
                StartSupervision();
            BridgeClient client = Client;
            if (client != null)
                client.Tick(s_frameBudget);
            s_bridgeLog.Drain(line => Debug.Log("Agent Panel " + line), s_clock.ElapsedMilliseconds);
            // A host that went away cannot end its turns: the editor gives the user's imports back. The grace
            // covers a domain reload and a reconnect, after which the host ends its turns itself.
            if (client != null && client.Connected)
                s_disconnectedSince = null;
            else if (s_disconnectedSince == null)
                s_disconnectedSince = DateTime.UtcNow;
            else if (DateTime.UtcNow - s_disconnectedSince.Value > HostGoneGrace)
                TurnPrimitives.ReleaseAllHolds();
        }

        static readonly TimeSpan HostGoneGrace = TimeSpan.FromSeconds(15);
        static DateTime? s_disconnectedSince;

        // Everything Unity's API gives (settings, package folder, identity) is read here on the main thread;
        // the supervisor then works on its own thread (HostSupervisor).
        static void StartSupervision()
        {
            string packageRoot = PackageRoot();
            s_bridgeLog.Logging = BridgeLogSettingValue();
            ApplyFrameBudget(EditorUserSettings.GetConfigValue(FrameBudgetSetting));
            var launcher = new HostLauncher(ProjectPath)
            {
                ConfiguredBinary = EditorUserSettings.GetConfigValue(HostPathSetting),
                PackageBinFolders = packageRoot != null ? HostLauncher.PackageBinFoldersIn(packageRoot, EditorPlatform(), HostLauncher.CurrentArchitecture) : new string[0],
                Platform = EditorPlatform(),
                EditorLogPath = Application.consoleLogPath ?? string.Empty,
            };
            string problem;
            if (s_ledger == null)
            {
                s_ledger = CompletedLedger.Restore(s_ledgerStore, LedgerKey, out problem);
                // The single-key ledger of packages before the byte bound; it is not read (see the docs).
                SessionState.EraseString(LedgerKey);
                if (problem != null)
                    Debug.LogWarning("Agent Panel: " + problem);
            }
            CompletedLedger ledger = s_ledger;
            bool afterReload = SessionState.GetBool(ReloadingKey, false);
            SessionState.EraseBool(ReloadingKey);
            var identity = new EditorIdentity
            {
                UnityVersion = Application.unityVersion, ProjectPath = ProjectPath,
                EditorPid = Process.GetCurrentProcess().Id, EditorSessionId = SessionId(),
            };
            var primitives = new UnityEditorPrimitives(identity);
            Action wake = WakeFromSocketThread ? MainThreadWaker.ResolveSignal() : null;
            s_supervisor = new HostSupervisor(ProjectPath, launcher,
                endpoint => new BridgeClient(endpoint, primitives, ledger, new RequestPump(wake), s_status,
                                             afterReload ? ReloadAnnouncement.AfterWelcome : ReloadAnnouncement.None, s_bridgeLog.Add),
                Notice);
            s_supervisor.Start();
        }

        // The settings page's budget field: stored and applied at once; a refused value is reported and the
        // default used.
        public static void SetFrameBudget(string text)
        {
            EditorUserSettings.SetConfigValue(FrameBudgetSetting, text);
            ApplyFrameBudget(text);
        }

        public static TimeSpan FrameBudgetValue { get { return s_frameBudget; } }

        static void ApplyFrameBudget(string text)
        {
            string problem;
            s_frameBudget = FrameBudget.Parse(text, out problem);
            if (problem != null)
                Debug.LogWarning("Agent Panel: " + problem);
        }

        public static BridgeLogging BridgeLogSettingValue()
        {
            return EditorUserSettings.GetConfigValue(BridgeLogSetting) == "true" ? BridgeLogging.ToConsole : BridgeLogging.Off;
        }

        // The settings page's toggle: takes effect at once, for this project and user.
        public static void SetBridgeLogging(BridgeLogging logging)
        {
            EditorUserSettings.SetConfigValue(BridgeLogSetting, logging == BridgeLogging.ToConsole ? "true" : "false");
            s_bridgeLog.Logging = logging;
        }

        // Debug.Log is safe from the supervisor's thread.
        static void Notice(NoticeLevel level, string text)
        {
            if (level == NoticeLevel.Warning)
                Debug.LogWarning(text);
            else
                Debug.Log(text);
        }

        static HostPlatform EditorPlatform()
        {
            return Application.platform == RuntimePlatform.WindowsEditor ? HostPlatform.Windows
                 : Application.platform == RuntimePlatform.OSXEditor ? HostPlatform.MacOS : HostPlatform.Linux;
        }

        // The package's folder, under which Bin~/<platform>/bin holds the host it carries (Unity ignores folders ending in ~).
        static string PackageRoot()
        {
            var package = UnityEditor.PackageManager.PackageInfo.FindForAssembly(typeof(BridgeService).Assembly);
            return package != null ? package.resolvedPath : null;
        }

        // Restarts the connection (the settings page's "Reconnect", or a changed host path).
        // Sends an editor event (userPin, sceneChanged, ...) when connected; while the bridge is down the
        // event is dropped, as the protocol says (the host cannot have missed state it re-reads).
        public static void SendEditorEvent(string name, JObject data)
        {
            BridgeClient client = Client;
            if (client != null && client.Connected)
                client.SendEvent(name, data);
        }

        // Starts over with the current settings (the settings page's "Save and reconnect", or a changed host
        // path): the next update makes a new supervisor, with no memory of failed starts, and the same ledger.
        public static void Restart()
        {
            BridgeClient client = StopSupervision();
            if (client != null)
                client.Stop();
        }

        public static void BeforeReload()
        {
            s_closing = true;
            BridgeClient client = StopSupervision();
            if (client == null)
                return;
            client.CloseForReload(TimeSpan.FromSeconds(1));
            s_ledger.Save(s_ledgerStore, LedgerKey);
            SessionState.SetBool(ReloadingKey, true);
        }

        public static void Quit()
        {
            s_closing = true;
            BridgeClient client = StopSupervision();
            if (client != null)
                client.Stop();
        }

        // Stops watching the host (which keeps running) and hands back the bridge client, if there was one.
        static BridgeClient StopSupervision()
        {
            if (s_supervisor == null)
                return null;
            s_supervisor.Stop(TimeSpan.FromSeconds(1));
            BridgeClient client = s_supervisor.Client;
            s_supervisor = null;
            return client;
        }
    }
}
