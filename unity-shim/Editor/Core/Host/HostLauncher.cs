// Finds or starts the one uap-host of this project: reuses the host named by the discovery file when
// it is alive and serves this very project, otherwise starts `uap-host serve --project P --editor
// unity` from the first host binary found and waits for its discovery file. No token is ever put
// on the command line: the host writes them into owner-only files itself.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Runtime.InteropServices;
using System.Threading;

namespace AgentPanel.Host
{
    public enum HostOrigin { Reused, Started }

    // The editor's platform, which picks the package's Bin~/<folder>/ (scripts/package-unity.sh).
    public enum HostPlatform { Windows, MacOS, Linux }

    // The machine's processor: an Apple silicon Mac runs osx-arm64 and, through Rosetta, osx-x64.
    public enum HostArchitecture { X64, Arm64 }

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
        // package's Bin~/<platform>/bin folders, PATH, then the platform's usual install folders
        // (an editor started from Unity Hub on macOS sees none of the shell's PATH).
        public string ConfiguredBinary;
        public IList<string> PackageBinFolders = new string[0];
        public HostPlatform Platform = CurrentPlatform;
        public HostArchitecture Architecture = CurrentArchitecture;
        public string HomeFolder = Environment.GetEnvironmentVariable("HOME");
        public TimeSpan StartTimeout = TimeSpan.FromSeconds(20);
        // Appended to the serve command line (the tests add --plugins); never a token.
        public string AdditionalArguments = string.Empty;
        // The editor's log (Application.consoleLogPath): the host reads it while the package cannot run
        // (compile errors, Safe Mode) to tell the agent why. Empty: the host looks in the usual places.
        public string EditorLogPath = string.Empty;

        public HostLauncher(string projectPath) { m_projectPath = NormalizePath(projectPath); }

        // Mono reports macOS as Unix; the editor itself says which one (Application.platform).
        public static HostPlatform CurrentPlatform
        {
            get { return Environment.OSVersion.Platform == PlatformID.Win32NT ? HostPlatform.Windows : HostPlatform.Linux; }
        }

        public static HostArchitecture CurrentArchitecture
        {
            get { return RuntimeInformation.OSArchitecture == System.Runtime.InteropServices.Architecture.Arm64 ? HostArchitecture.Arm64 : HostArchitecture.X64; }
        }

        public static string ExecutableName { get { return ExecutableNameFor(CurrentPlatform); } }

        public static string ExecutableNameFor(HostPlatform platform) { return platform == HostPlatform.Windows ? "uap-host.exe" : "uap-host"; }

        // The folders scripts/package-unity.sh fills for a platform, best first: win-x64, linux-x64, and on
        // macOS osx-arm64 (Apple silicon only) then osx-x64 (which Apple silicon runs through Rosetta).
        public static string[] PlatformFolders(HostPlatform platform, HostArchitecture architecture)
        {
            switch (platform)
            {
                case HostPlatform.Windows: return new[] { "win-x64" };
                case HostPlatform.MacOS: return architecture == HostArchitecture.Arm64 ? new[] { "osx-arm64", "osx-x64" } : new[] { "osx-x64" };
                default: return new[] { "linux-x64" };
            }
        }

        // <package>/Bin~/<platform>/bin: Unity never imports folders ending in ~, so the binaries stay out of the project.
        public static string[] PackageBinFoldersIn(string packageRoot, HostPlatform platform, HostArchitecture architecture)
        {
            string[] platforms = PlatformFolders(platform, architecture);
            var folders = new string[platforms.Length];
            for (int index = 0; index < platforms.Length; ++index)
                folders[index] = Path.Combine(Path.Combine(Path.Combine(packageRoot, "Bin~"), platforms[index]), "bin");
            return folders;
        }

        // Where installers put command-line tools when they do not touch the editor's PATH: Homebrew on
        // Apple silicon and on Intel, and the per-user folder (pip, pipx, the host's own install notes).
        public static string[] UsualInstallFolders(HostPlatform platform, string homeFolder)
        {
            if (platform == HostPlatform.Windows)
                return new string[0];
            var folders = new List<string>();
            if (platform == HostPlatform.MacOS)
                folders.Add("/opt/homebrew/bin");
            folders.Add("/usr/local/bin");
            if (!string.IsNullOrEmpty(homeFolder))
                folders.Add(Path.Combine(Path.Combine(homeFolder, ".local"), "bin"));
            return folders.ToArray();
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
            foreach (string folder in PackageBinFolders ?? new string[0])
                candidates.Add(Path.Combine(folder, name));
            string pathVariable = Environment.GetEnvironmentVariable("PATH") ?? string.Empty;
            foreach (string folder in pathVariable.Split(Path.PathSeparator))
                if (folder.Length > 0)
                    candidates.Add(Path.Combine(folder.Trim('"'), name));
            foreach (string folder in UsualInstallFolders(Platform, HomeFolder))
                if (!candidates.Contains(Path.Combine(folder, name)))
                    candidates.Add(Path.Combine(folder, name));
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
                return new HostLaunch { Error = NotFoundMessage(searched) };
            return Start(binary);
        }

        string NotFoundMessage(string searched)
        {
            string configured = string.IsNullOrEmpty(ConfiguredBinary) ? string.Empty
                              : "The host path set in Project Settings > Agent Panel (" + ConfiguredBinary + ") does not exist. ";
            string fix = "Install the package tarball that bundles the host for this platform (Window > Package Manager > + > " +
                         "Add package from tarball...; scripts/package-unity.sh builds it), or set the full path of uap-host in " +
                         "Project Settings > Agent Panel > Host binary and press Save and reconnect.";
            if (Platform == HostPlatform.MacOS)
                fix += " An editor started from Unity Hub does not see your shell's PATH: if `which uap-host` finds it in a " +
                       "Terminal, put that path in the setting.";
            return configured + "uap-host was not found (looked in: " + searched + "). " + fix;
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
            string log = HostLog.BeginRun(m_projectPath);
            // The host writes its own output to the log (--log-file), the only way on Windows, where no shell
            // can hand a file to a process without becoming its parent; a log given that way also gets no
            // sign-in code.
            string serve = "serve --project " + Quote(m_projectPath) + " --editor unity --log-file " + Quote(log) +
                           (string.IsNullOrEmpty(EditorLogPath) ? string.Empty : " --editor-log " + Quote(EditorLogPath)) +
                           (string.IsNullOrEmpty(AdditionalArguments) ? string.Empty : " " + AdditionalArguments);
            // No window: UseShellExecute=false with CreateNoWindow starts the console program
            // uap-host.exe with CREATE_NO_WINDOW on Windows; its own children inherit none.
            var start = new ProcessStartInfo(binary, serve)
            {
                UseShellExecute = false,
                CreateNoWindow = true,
                WorkingDirectory = m_projectPath,
            };
            // On POSIX the shell also sends the output to the log before the host starts and then becomes the host
            // (exec keeps the pid the discovery file names): that keeps what the loader prints when a library is
            // missing, before the host could open its log.
            if (Environment.OSVersion.Platform == PlatformID.Unix)
            {
                start.FileName = "/bin/sh";
                start.Arguments = "-c 'exec \"$0\" \"$@\" >>\"$UAP_HOST_LOG_FILE\" 2>&1' " + Quote(binary) + " " + serve;
                start.EnvironmentVariables["UAP_HOST_LOG_FILE"] = log;
            }
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
                        Error = binary + " exited with status " + process.ExitCode + " before serving (`" + binary + " doctor --project " +
                                Quote(m_projectPath) + "` in a terminal says why)" + HostLog.Excerpt(log),
                        BinaryPath = binary,
                    };
                string problem;
                HostDiscovery discovery = HostDiscovery.Read(m_projectPath, out problem);
                if (discovery != null && discovery.Pid == process.Id)
                    return new HostLaunch { Discovery = discovery, Origin = HostOrigin.Started, BinaryPath = binary };
                Thread.Sleep(50);
            }
            // A host that never wrote its file is left running by no one: it is ended here.
            try { process.Kill(); }
            catch (Exception) { }
            return new HostLaunch
            {
                Error = binary + " did not write " + HostDiscovery.FileFor(m_projectPath) + " within " + StartTimeout.TotalSeconds + " s and was ended" + HostLog.Excerpt(log),
                BinaryPath = binary,
            };
        }

        static string Quote(string argument)
        {
            return "\"" + argument.Replace("\"", "\\\"") + "\"";
        }
    }
}
