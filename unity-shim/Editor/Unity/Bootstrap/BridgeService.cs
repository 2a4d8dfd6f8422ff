// The editor's one bridge: finds or starts the project's host off the main thread, connects the
// bridge client with the editor session id and ledger kept in SessionState (they survive domain
// reloads), pumps requests on EditorApplication.update, and closes before a reload.
using System;
using System.Diagnostics;
using System.IO;
using System.Threading.Tasks;
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
        // Work per editor frame stays bounded so the editor keeps responding under a burst of calls.
        static readonly TimeSpan FrameBudget = TimeSpan.FromMilliseconds(25);

        static readonly EditorStatus s_status = new EditorStatus();
        static BridgeClient s_client;
        static Task<HostLaunch> s_launch;
        static HostLaunch s_host;
        static string s_lastError;
        static bool s_started;
        static DateTime s_retryAt = DateTime.MinValue;

        public static ServiceState State
        {
            get
            {
                if (s_launch != null && !s_launch.IsCompleted) return ServiceState.FindingHost;
                if (s_client != null) return s_client.Connected ? ServiceState.Connected : ServiceState.Connecting;
                return s_lastError != null ? ServiceState.Failed : ServiceState.Idle;
            }
        }

        public static HostDiscovery Host { get { return s_host != null ? s_host.Discovery : null; } }
        public static string LastError { get { return s_client != null && s_client.Refusal != null ? s_client.Refusal : s_lastError; } }
        public static string ProjectPath { get { return HostLauncher.NormalizePath(Path.GetDirectoryName(Application.dataPath)); } }

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

        public static void Tick()
        {
            string modal = null;
            s_status.Update(EditorApplication.isCompiling, EditorApplication.isUpdating, EditorAreaPrimitives.PlayMode(), modal);
            if (!s_started && DateTime.UtcNow >= s_retryAt)
                StartLaunch();
            if (s_launch != null && s_launch.IsCompleted)
                FinishLaunch();
            if (s_client != null)
                s_client.Tick(FrameBudget);
            // A host that went away cannot end its turns: the editor gives the user's imports back. The grace
            // covers a domain reload and a reconnect, after which the host ends its turns itself.
            if (s_client != null && s_client.Connected)
                s_disconnectedSince = null;
            else if (s_disconnectedSince == null)
                s_disconnectedSince = DateTime.UtcNow;
            else if (DateTime.UtcNow - s_disconnectedSince.Value > HostGoneGrace)
                TurnPrimitives.ReleaseAllHolds();
        }

        static readonly TimeSpan HostGoneGrace = TimeSpan.FromSeconds(15);
        static DateTime? s_disconnectedSince;

        static void StartLaunch()
        {
            s_started = true;
            var launcher = new HostLauncher(ProjectPath)
            {
                ConfiguredBinary = EditorUserSettings.GetConfigValue(HostPathSetting),
                PackageBinFolder = PackageBinFolder(),
                Platform = EditorPlatform(),
            };
            s_launch = Task.Run(() => launcher.EnsureRunning());
        }

        static HostPlatform EditorPlatform()
        {
            return Application.platform == RuntimePlatform.WindowsEditor ? HostPlatform.Windows
                 : Application.platform == RuntimePlatform.OSXEditor ? HostPlatform.MacOS : HostPlatform.Linux;
        }

        // <package>/Bin~/<platform>/bin: Unity ignores folders ending in ~, so the binaries are never imported.
        static string PackageBinFolder()
        {
            var package = UnityEditor.PackageManager.PackageInfo.FindForAssembly(typeof(BridgeService).Assembly);
            if (package == null)
                return null;
            return HostLauncher.PackageBinFolderIn(package.resolvedPath, EditorPlatform());
        }

        static void FinishLaunch()
        {
            HostLaunch launch = s_launch.Result;
            s_launch = null;
            if (!launch.Ok)
            {
                Fail(launch.Error);
                return;
            }
            string problem;
            string token = launch.Discovery.ReadToken(TokenRole.Editor, out problem);
            if (token == null)
            {
                Fail(problem);
                return;
            }
            s_host = launch;
            s_lastError = null;
            string saved = SessionState.GetString(LedgerKey, string.Empty);
            CompletedLedger ledger = CompletedLedger.Restore(saved, out problem);
            if (problem != null)
                Debug.LogWarning("Agent Panel: " + problem);
            bool afterReload = SessionState.GetBool(ReloadingKey, false);
            SessionState.EraseBool(ReloadingKey);
            var identity = new EditorIdentity
            {
                UnityVersion = Application.unityVersion, ProjectPath = ProjectPath,
                EditorPid = Process.GetCurrentProcess().Id, EditorSessionId = SessionId(),
            };
            s_client = new BridgeClient(new BridgeEndpoint { Uri = launch.Discovery.BridgeUri, Token = token }, new UnityEditorPrimitives(identity),
                                        ledger, new RequestPump(), s_status, afterReload ? ReloadAnnouncement.AfterWelcome : ReloadAnnouncement.None,
                                        line => { });
            s_client.Start();
        }

        static void Fail(string error)
        {
            s_lastError = error;
            Debug.LogWarning("Agent Panel: " + error);
            // Try again later (the host may be installed or the path fixed meanwhile).
            s_started = false;
            s_retryAt = DateTime.UtcNow.AddSeconds(30);
        }

        // Restarts the connection (the settings page's "Reconnect", or a changed host path).
        // Sends an editor event (userPin, sceneChanged, ...) when connected; while the bridge is down the
        // event is dropped, as the protocol says (the host cannot have missed state it re-reads).
        public static void SendEditorEvent(string name, JObject data)
        {
            if (s_client != null && s_client.Connected)
                s_client.SendEvent(name, data);
        }

        public static void Restart()
        {
            if (s_client != null)
                s_client.Stop();
            s_client = null;
            s_started = false;
            s_retryAt = DateTime.MinValue;
        }

        public static void BeforeReload()
        {
            if (s_client == null)
                return;
            s_client.CloseForReload(TimeSpan.FromSeconds(1));
            SessionState.SetString(LedgerKey, s_client.Ledger.Save());
            SessionState.SetBool(ReloadingKey, true);
            s_client = null;
        }

        public static void Quit()
        {
            if (s_client != null)
                s_client.Stop();
            s_client = null;
        }
    }
}
