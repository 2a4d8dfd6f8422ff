// The host launcher's logic under mono, on the packaged host: unpack the tarball that
// scripts/package-unity.sh made, start its Bin~ host through HostLauncher for a fresh project,
// connect to it, reuse it on the next call, and never reuse a host that a copied discovery file names.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using AgentPanel.Bridge;
using AgentPanel.Host;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class LauncherTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["launcher.packaged_host_starts_and_is_reused"] = PackagedHostStartsAndIsReused;
            cases["launcher.platform_picks_its_bin_folder"] = PlatformPicksItsBinFolder;
        }

        // A package carrying every platform's Bin~ folder (scripts/package-unity.sh with the cross
        // build): each editor platform finds its own binary, and never another platform's.
        static void PlatformPicksItsBinFolder(Options options)
        {
            string package = HostProcess.NewProject();
            string project = HostProcess.NewProject();
            try
            {
                var expected = new Dictionary<HostPlatform, string>();
                foreach (HostPlatform platform in new[] { HostPlatform.Windows, HostPlatform.MacOS, HostPlatform.Linux })
                {
                    string folder = HostLauncher.PackageBinFoldersIn(package, platform, HostArchitecture.X64)[0];
                    Directory.CreateDirectory(folder);
                    expected[platform] = Path.Combine(folder, HostLauncher.ExecutableNameFor(platform));
                    File.WriteAllText(expected[platform], "binary");
                }
                Check.Equal(Path.Combine(Path.Combine(Path.Combine(package, "Bin~"), "win-x64"), "bin"),
                            HostLauncher.PackageBinFoldersIn(package, HostPlatform.Windows, HostArchitecture.X64)[0], "Windows uses Bin~/win-x64/bin");
                Check.Equal("uap-host.exe", HostLauncher.ExecutableNameFor(HostPlatform.Windows), "the Windows host is uap-host.exe");
                Check.Equal("linux-x64", string.Join(",", HostLauncher.PlatformFolders(HostPlatform.Linux, HostArchitecture.X64)), "Linux uses Bin~/linux-x64");
                Check.Equal("osx-x64", string.Join(",", HostLauncher.PlatformFolders(HostPlatform.MacOS, HostArchitecture.X64)), "an Intel Mac uses Bin~/osx-x64");
                Check.Equal("osx-arm64,osx-x64", string.Join(",", HostLauncher.PlatformFolders(HostPlatform.MacOS, HostArchitecture.Arm64)),
                            "Apple silicon prefers Bin~/osx-arm64 and runs osx-x64 through Rosetta");
                foreach (var pair in expected)
                {
                    var launcher = new HostLauncher(project)
                    {
                        PackageBinFolders = HostLauncher.PackageBinFoldersIn(package, pair.Key, HostArchitecture.X64), Platform = pair.Key, HomeFolder = null,
                    };
                    string searched;
                    Check.Equal(pair.Value, launcher.FindBinary(out searched), pair.Key + " finds its own binary");
                }
                // An x64-only package on Apple silicon: Bin~/osx-arm64 is missing, so Bin~/osx-x64 is taken.
                var appleSilicon = new HostLauncher(project)
                {
                    PackageBinFolders = HostLauncher.PackageBinFoldersIn(package, HostPlatform.MacOS, HostArchitecture.Arm64), Platform = HostPlatform.MacOS, HomeFolder = null,
                };
                string notUsed;
                Check.Equal(expected[HostPlatform.MacOS], appleSilicon.FindBinary(out notUsed), "Apple silicon falls back to Bin~/osx-x64");

                // A Hub-launched editor on macOS sees no shell PATH: Homebrew's folders and ~/.local/bin are searched too.
                string home = Path.Combine(package, "home");
                string userBinary = Path.Combine(Path.Combine(Path.Combine(home, ".local"), "bin"), "uap-host");
                Directory.CreateDirectory(Path.GetDirectoryName(userBinary));
                File.WriteAllText(userBinary, "binary");
                var mac = new HostLauncher(project) { Platform = HostPlatform.MacOS, HomeFolder = home };
                string macSearched;
                string macFound = mac.FindBinary(out macSearched);
                Check.True(macFound == userBinary || (macFound != null && !macFound.StartsWith(package)),
                           "~/.local/bin/uap-host is found on macOS (or an installed one earlier in the order): " + macFound);
                File.Delete(userBinary);
                if (mac.FindBinary(out macSearched) == null)
                {
                    foreach (string place in new[] { "/opt/homebrew/bin/uap-host", "/usr/local/bin/uap-host", userBinary })
                        Check.True(macSearched.Contains(place), "the macOS search names " + place + ": " + macSearched);
                    HostLaunch none = mac.EnsureRunning();
                    Check.True(!none.Ok && none.Error.Contains("Unity Hub") && none.Error.Contains("Project Settings > Agent Panel"),
                               "no host on macOS: the message says where it looked and what to do: " + none.Error);
                }

                // A Linux-only package on Windows: the Linux binary is not taken, and the refusal names the place looked in.
                File.Delete(expected[HostPlatform.Windows]);
                var windows = new HostLauncher(project)
                {
                    PackageBinFolders = HostLauncher.PackageBinFoldersIn(package, HostPlatform.Windows, HostArchitecture.X64), Platform = HostPlatform.Windows,
                };
                string looked;
                string found = windows.FindBinary(out looked);
                Check.True(found == null || !found.StartsWith(package), "no other platform's binary is used: " + found);
                if (found == null)
                    Check.True(looked.Contains(Path.Combine("win-x64", Path.Combine("bin", "uap-host.exe"))), "the search names Bin~/win-x64/bin/uap-host.exe: " + looked);
            }
            finally
            {
                foreach (string folder in new[] { package, project })
                    try { Directory.Delete(folder, true); } catch (Exception) { }
            }
        }

        static void Run(string file, string arguments)
        {
            using (Process process = Process.Start(new ProcessStartInfo(file, arguments) { UseShellExecute = false }))
            {
                process.WaitForExit();
                Check.Equal(0, process.ExitCode, file + " " + arguments);
            }
        }

        static void PackagedHostStartsAndIsReused(Options options)
        {
            Check.True(options.PackageTarball != null && File.Exists(options.PackageTarball), "a package tarball (--tarball): " + options.PackageTarball);
            string unpacked = HostProcess.NewProject();
            string project = HostProcess.NewProject();
            string copied = HostProcess.NewProject();
            var started = new List<Process>();
            try
            {
                Run("tar", "-xzf \"" + options.PackageTarball + "\" -C \"" + unpacked + "\"");
                string bin = Path.Combine(Path.Combine(Path.Combine(Path.Combine(unpacked, "package"), "Bin~"), "linux-x64"), "bin");
                Check.True(File.Exists(Path.Combine(bin, HostLauncher.ExecutableName)), "the tarball carries Bin~/linux-x64/bin/uap-host");
                Check.True(File.Exists(Path.Combine(Path.Combine(unpacked, "package"), "package.json")), "the tarball carries package.json under package/");

                var launcher = new HostLauncher(project) { PackageBinFolders = new[] { bin } };
                string searched;
                Check.Equal(Path.Combine(bin, HostLauncher.ExecutableName), launcher.FindBinary(out searched), "the package's binary is found before PATH");
                HostLaunch first = launcher.EnsureRunning();
                Check.True(first.Ok, "the packaged host starts: " + first.Error);
                started.Add(Process.GetProcessById((int)first.Discovery.Pid));
                Check.Equal(HostOrigin.Started, first.Origin, "no host ran, so one was started");
                Check.True(first.BinaryPath.StartsWith(unpacked), "it is the unpacked package's host: " + first.BinaryPath);

                // It serves: the shim connects as the editor and the bundled core pack answers over MCP.
                string problem;
                var scene = new InMemoryScene(project, "launcher-session");
                using (var client = new BridgeClient(new BridgeEndpoint { Uri = first.Discovery.BridgeUri, Token = first.Discovery.ReadToken(TokenRole.Editor, out problem) },
                                                     scene, new CompletedLedger(), new RequestPump(), new EditorStatus(), ReloadAnnouncement.None, null))
                {
                    client.Start();
                    Check.True(client.WaitConnected(TimeSpan.FromSeconds(15)), "the shim connects to the packaged host (" + client.LastError + client.Refusal + ")");
                    var mcp = new McpClient(first.Discovery.McpUrl, first.Discovery.ReadToken(TokenRole.Mcp, out problem));
                    JObject ping = mcp.CallTool("uap_ping", new JObject());
                    Check.Equal("connected", (string)ping["editor"]["state"], "the bundled core pack's uap_ping sees the editor (" + ping + ")");
                }

                // The browser panel's page comes from the package too (`uap-host open` links to it).
                string page = new Uri(new Uri(first.Discovery.McpUrl), "/index.html").ToString();
                using (var web = new System.Net.WebClient())
                {
                    string html = web.DownloadString(page);
                    Check.True(html.Contains("<title>Agent Panel</title>"), "the packaged host serves the browser panel at " + page);
                }

                HostLaunch again = new HostLauncher(project) { PackageBinFolders = new[] { bin } }.EnsureRunning();
                Check.True(again.Ok, "the second launch succeeds: " + again.Error);
                Check.Equal(HostOrigin.Reused, again.Origin, "a running host of the project is reused");
                Check.Equal(first.Discovery.Pid, again.Discovery.Pid, "the same host");

                // A copied project carries the original's discovery file: its host serves another project.
                string copiedFile = HostDiscovery.FileFor(copied);
                Directory.CreateDirectory(Path.GetDirectoryName(copiedFile));
                File.Copy(HostDiscovery.FileFor(project), copiedFile);
                HostLaunch other = new HostLauncher(copied) { PackageBinFolders = new[] { bin } }.EnsureRunning();
                Check.True(other.Ok, "the copied project gets its own host: " + other.Error);
                started.Add(Process.GetProcessById((int)other.Discovery.Pid));
                Check.Equal(HostOrigin.Started, other.Origin, "the copied discovery file is not trusted");
                Check.True(other.Discovery.Pid != first.Discovery.Pid, "a different host serves the copy");
                Check.True(HostLauncher.SamePath(other.Discovery.ServedProject, copied), "and it serves the copy: " + other.Discovery.ServedProject);

                // A host that died is replaced.
                HostProcess.Terminate(started[0]);
                HostLaunch replaced = new HostLauncher(project) { PackageBinFolders = new[] { bin } }.EnsureRunning();
                Check.True(replaced.Ok, "a dead host is replaced: " + replaced.Error);
                started.Add(Process.GetProcessById((int)replaced.Discovery.Pid));
                Check.Equal(HostOrigin.Started, replaced.Origin, "a new host after the old one ended");

                HostLaunch missing = new HostLauncher(HostProcess.NewProject()) { PackageBinFolders = new[] { Path.Combine(unpacked, "nowhere") } }.EnsureRunning();
                Check.True(!missing.Ok && missing.Error.Contains("Project Settings"), "no binary: the refusal says how to fix it: " + missing.Error);
            }
            finally
            {
                foreach (Process process in started)
                    HostProcess.Terminate(process);
                foreach (string folder in new[] { unpacked, project, copied })
                    try { Directory.Delete(folder, true); } catch (Exception) { }
            }
        }
    }
}
