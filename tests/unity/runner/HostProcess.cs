// The real uap-host, started for one test in a fresh project folder the way the Unity launcher
// starts it (`serve --project DIR --editor unity`), and ended by its pid.
using System;
using System.Diagnostics;
using System.IO;
using AgentPanel.Host;

namespace AgentPanel.Tests
{
    public sealed class HostProcess : IDisposable
    {
        public readonly string Project;
        public readonly Process Process;
        public readonly HostDiscovery Discovery;

        public HostProcess(string hostBinary, string pluginsFolder, string project = null, string extraArguments = "",
                           System.Collections.Generic.IDictionary<string, string> environment = null)
        {
            Project = project ?? NewProject();
            string arguments = "serve --project \"" + Project + "\" --editor unity" + (pluginsFolder != null ? " --plugins \"" + pluginsFolder + "\"" : "") + extraArguments;
            var start = new ProcessStartInfo(hostBinary, arguments) { UseShellExecute = false };
            if (environment != null)
                foreach (var entry in environment)
                {
                    if (entry.Value == null)
                        start.EnvironmentVariables.Remove(entry.Key);
                    else
                        start.EnvironmentVariables[entry.Key] = entry.Value;
                }
            Process = Process.Start(start);
            Discovery = WaitForDiscovery(Project, Process.Id, TimeSpan.FromSeconds(20));
        }

        public static string NewProject()
        {
            string folder = Path.Combine(Path.GetTempPath(), "uap-unity-test-" + Guid.NewGuid().ToString("N").Substring(0, 12));
            Directory.CreateDirectory(Path.Combine(folder, "Assets"));
            return HostLauncher.NormalizePath(folder);
        }

        public static HostDiscovery WaitForDiscovery(string project, long pid, TimeSpan timeout)
        {
            var watch = Stopwatch.StartNew();
            string problem = null;
            while (watch.Elapsed < timeout)
            {
                HostDiscovery discovery = HostDiscovery.Read(project, out problem);
                if (discovery != null && discovery.Pid == pid)
                    return discovery;
                System.Threading.Thread.Sleep(50);
            }
            throw new CheckFailed("the host did not write its discovery file in " + timeout.TotalSeconds + " s: " + problem);
        }

        public string Token(TokenRole role)
        {
            string problem;
            string token = Discovery.ReadToken(role, out problem);
            Check.True(token != null, "a readable " + role + " token (" + problem + ")");
            return token;
        }

        // SIGTERM by pid, so the host removes its discovery file; SIGKILL if it does not stop.
        public static void Terminate(Process process)
        {
            if (process == null || process.HasExited)
                return;
            using (Process kill = Process.Start(new ProcessStartInfo("kill", "-TERM " + process.Id) { UseShellExecute = false }))
                kill.WaitForExit();
            if (!process.WaitForExit(10000))
                process.Kill();
        }

        public void Dispose()
        {
            Terminate(Process);
            try { Directory.Delete(Project, true); }
            catch (Exception) { }
        }
    }
}
