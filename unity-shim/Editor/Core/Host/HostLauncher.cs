// Finds or starts the one uap-host of this project: reuses the host named by the discovery file when
// it is alive and serves this very project, otherwise starts `uap-host serve --project P --editor
// unity` from the first host binary found and waits for its discovery file. No token is ever put
// on the command line: the host writes them into owner-only files itself.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Threading;

namespace AgentPanel.Host
{
    public enum HostOrigin { Reused, Started }

    // The editor's platform, which picks the package's Bin~/<folder>/ (scripts/package-unity.sh).
    public enum HostPlatform { Windows, MacOS, Linux }

    public sealed class HostLaunch
    {
        public HostDiscovery Discovery;
        public HostOrigin Origin;
        public string BinaryPath;      // the binary started (empty when reused)
        public string Error;           // set when no host could be found or started
        public bool Ok { get { return Error == null; } }
    }

    public sealed class HostLauncher
    {
        readonly string m_projectPath;

        // Where to look for the host binary, in order: the path in the project's settings, the
        // package's Bin~/<platform>/ folder, then PATH.
        public string ConfiguredBinary;
        public string PackageBinFolder;
        public HostPlatform Platform = CurrentPlatform;
        public TimeSpan StartTimeout = TimeSpan.FromSeconds(20);

        public HostLauncher(string projectPath) { m_projectPath = NormalizePath(projectPath); }

        // Mono reports macOS as Unix; the editor itself says which one (Application.platform).
        public static HostPlatform CurrentPlatform
        {
            get { return Environment.OSVersion.Platform == PlatformID.Win32NT ? HostPlatform.Windows : HostPlatform.Linux; }
        }

        public static string ExecutableName { get { return ExecutableNameFor(CurrentPlatform); } }

        public static string ExecutableNameFor(HostPlatform platform) { return platform == HostPlatform.Windows ? "uap-host.exe" : "uap-host"; }

        // The folder scripts/package-unity.sh fills for a platform: win-x64, osx, linux-x64.
        public static string PlatformFolder(HostPlatform platform)
        {
            switch (platform)
            {
                case HostPlatform.Windows: return "win-x64";
                case HostPlatform.MacOS: return "osx";
                default: return "linux-x64";
            }
        }

        // <package>/Bin~/<platform>/bin: Unity never imports folders ending in ~, so the binaries stay out of the project.
        public static string PackageBinFolderIn(string packageRoot, HostPlatform platform)
        {
            return Path.Combine(Path.Combine(Path.Combine(packageRoot, "Bin~"), PlatformFolder(platform)), "bin");
        }

        public static string NormalizePath(string path)
        {
            string full = Path.GetFullPath(path);
            return full.Length > 1 ? full.TrimEnd(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar) : full;
        }

        public static bool SamePath(string first, string second)
        {
            if (first == null || second == null)
                return false;
            StringComparison comparison = Environment.OSVersion.Platform == PlatformID.Win32NT ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal;
            return string.Equals(NormalizePath(first), NormalizePath(second), comparison);
        }

        public static bool ProcessAlive(long pid)
        {
            if (pid <= 0 || pid > int.MaxValue)
                return false;
            try
            {
                using (Process process = Process.GetProcessById((int)pid))
                    return !process.HasExited;
            }
            catch (Exception)
            {
                return false;
            }
        }

        // Null with the searched places when no binary is found.
        public string FindBinary(out string searched)
        {
            var candidates = new List<string>();
            if (!string.IsNullOrEmpty(ConfiguredBinary))
                candidates.Add(ConfiguredBinary);
            string name = ExecutableNameFor(Platform);
            if (!string.IsNullOrEmpty(PackageBinFolder))
                candidates.Add(Path.Combine(PackageBinFolder, name));
            string pathVariable = Environment.GetEnvironmentVariable("PATH") ?? string.Empty;
            foreach (string folder in pathVariable.Split(Path.PathSeparator))
                if (folder.Length > 0)
                    candidates.Add(Path.Combine(folder.Trim('"'), name));
            foreach (string candidate in candidates)
                if (File.Exists(candidate))
                {
                    searched = null;
                    return candidate;
                }
            searched = string.Join(", ", candidates.ToArray());
            return null;
        }

        // The running host of this project, or null with why not.
        public HostDiscovery FindRunning(out string problem)
        {
            HostDiscovery discovery = HostDiscovery.Read(m_projectPath, out problem);
            if (discovery == null)
                return null;
            if (!ProcessAlive(discovery.Pid))
            {
                problem = "the host named by the discovery file (pid " + discovery.Pid + ") is not running";
                return null;
            }
            if (discovery.ServedProject != null && !SamePath(discovery.ServedProject, m_projectPath))
            {
                problem = "the discovery file belongs to a host serving " + discovery.ServedProject + ", not " + m_projectPath +
                          " (a copied project?)";
                return null;
            }
            return discovery;
        }

        public HostLaunch EnsureRunning()
        {
            string problem;
            HostDiscovery running = FindRunning(out problem);
            if (running != null)
                return new HostLaunch { Discovery = running, Origin = HostOrigin.Reused, BinaryPath = string.Empty };
            RemoveStaleDiscovery();
            string searched;
            string binary = FindBinary(out searched);
            if (binary == null)
                return new HostLaunch
                {
                    Error = "uap-host was not found (looked in: " + searched + "). Set its path in Project Settings > Agent Panel, " +
                            "or install the package tarball that bundles it (scripts/package-unity.sh)."
                };
            return Start(binary);
        }

        // A discovery file whose host is gone, or that a copied project carried along, would make the
        // new host refuse to start ("a host already serves ..."); the launcher removes it first.
        void RemoveStaleDiscovery()
        {
            string problem;
            HostDiscovery stale = HostDiscovery.Read(m_projectPath, out problem);
            if (stale == null)
                return;
            bool foreign = stale.ServedProject != null && !SamePath(stale.ServedProject, m_projectPath);
            if (foreign || !ProcessAlive(stale.Pid))
            {
                try { File.Delete(HostDiscovery.FileFor(m_projectPath)); }
                catch (Exception) { }
            }
        }

        HostLaunch Start(string binary)
        {
            // No window: UseShellExecute=false with CreateNoWindow starts the console program
            // uap-host.exe with CREATE_NO_WINDOW on Windows; its own children inherit none.
            var start = new ProcessStartInfo(binary, "serve --project " + Quote(m_projectPath) + " --editor unity")
            {
                UseShellExecute = false,
                CreateNoWindow = true,
                WorkingDirectory = m_projectPath,
            };
            // A packaged host keeps its shared libraries in <bin>/../lib (scripts/package-unity.sh).
            string libraries = Path.Combine(Path.GetDirectoryName(Path.GetFullPath(binary)), Path.Combine("..", "lib"));
            if (Environment.OSVersion.Platform == PlatformID.Unix && Directory.Exists(libraries))
            {
                string existing = Environment.GetEnvironmentVariable("LD_LIBRARY_PATH");
                start.EnvironmentVariables["LD_LIBRARY_PATH"] = Path.GetFullPath(libraries) + (string.IsNullOrEmpty(existing) ? string.Empty : ":" + existing);
            }
            Process process;
            try
            {
                process = Process.Start(start);
            }
            catch (Exception error)
            {
                return new HostLaunch { Error = "cannot start " + binary + ": " + error.Message + ". Check that the file is executable (chmod +x)." };
            }
            var watch = Stopwatch.StartNew();
            while (watch.Elapsed < StartTimeout)
            {
                if (process.HasExited)
                    return new HostLaunch
                    {
                        Error = binary + " exited with status " + process.ExitCode + " before serving; run `" + binary + " doctor --project " +
                                Quote(m_projectPath) + "` to see why"
                    };
                string problem;
                HostDiscovery discovery = HostDiscovery.Read(m_projectPath, out problem);
                if (discovery != null && discovery.Pid == process.Id)
                    return new HostLaunch { Discovery = discovery, Origin = HostOrigin.Started, BinaryPath = binary };
                Thread.Sleep(50);
            }
            return new HostLaunch { Error = binary + " did not write " + HostDiscovery.FileFor(m_projectPath) + " within " + StartTimeout.TotalSeconds + " s" };
        }

        static string Quote(string argument)
        {
            return "\"" + argument.Replace("\"", "\\\"") + "\"";
        }
    }
}
