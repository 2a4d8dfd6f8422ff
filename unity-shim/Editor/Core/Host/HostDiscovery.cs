// The host's discovery file, <project>/UserSettings/AgentPanel/host.json: pid, port, version and the
// owner-only token files per role. Read here, never written: the host owns it.
using System;
using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Host
{
    public enum TokenRole { Mcp, Editor, Panel }

    public sealed class HostDiscovery
    {
        const long MaxBytes = 64 * 1024;

        public long Pid;
        public int Port;
        public string Version = string.Empty;
        public string McpUrl = string.Empty;
        public readonly Dictionary<string, string> TokenFiles = new Dictionary<string, string>();
        // The project the file says it serves (projectPath if the host writes one, otherwise the
        // project folder its token files live in): a copied project carries a stale copy of this file.
        public string ServedProject;

        public static string FileFor(string projectPath)
        {
            return Path.Combine(Path.Combine(Path.Combine(projectPath, "UserSettings"), "AgentPanel"), "host.json");
        }

        // Null with a reason when there is no usable file.
        public static HostDiscovery Read(string projectPath, out string problem)
        {
            problem = null;
            string file = FileFor(projectPath);
            try
            {
                var info = new FileInfo(file);
                if (!info.Exists)
                {
                    problem = "no host is running for this project (" + file + " does not exist)";
                    return null;
                }
                if (info.Length > MaxBytes)
                {
                    problem = file + " is larger than " + MaxBytes + " bytes; delete it and start the host again";
                    return null;
                }
                JObject root = JObject.Parse(File.ReadAllText(file));
                var discovery = new HostDiscovery();
                JToken pid = root["pid"], port = root["port"];
                if (pid == null || pid.Type != JTokenType.Integer || port == null || port.Type != JTokenType.Integer ||
                    (long)port <= 0 || (long)port > 65535)
                {
                    problem = file + " lacks a valid pid or port; delete it and start the host again";
                    return null;
                }
                discovery.Pid = (long)pid;
                discovery.Port = (int)(long)port;
                discovery.Version = (string)root["version"] ?? string.Empty;
                discovery.McpUrl = (string)root["mcpUrl"] ?? string.Empty;
                JObject tokens = root["tokenFiles"] as JObject;
                if (tokens != null)
                    foreach (JProperty entry in tokens.Properties())
                        if (entry.Value.Type == JTokenType.String)
                            discovery.TokenFiles[entry.Name] = (string)entry.Value;
                discovery.ServedProject = (string)root["projectPath"] ?? ProjectOfTokenFiles(discovery.TokenFiles);
                return discovery;
            }
            catch (Exception error)
            {
                problem = "cannot read " + file + ": " + error.Message;
                return null;
            }
        }

        // <project>/UserSettings/AgentPanel/tokens/<role>.token → <project>
        static string ProjectOfTokenFiles(Dictionary<string, string> tokenFiles)
        {
            string editor;
            if (!tokenFiles.TryGetValue("editor", out editor) || string.IsNullOrEmpty(editor))
                return null;
            DirectoryInfo folder = new FileInfo(editor).Directory;
            for (int up = 0; up < 3 && folder != null; ++up)
                folder = folder.Parent;
            return folder != null ? folder.FullName : null;
        }

        public static string RoleName(TokenRole role)
        {
            return role == TokenRole.Mcp ? "mcp" : role == TokenRole.Editor ? "editor" : "panel";
        }

        // Reads a role's token from its owner-only file (named by this discovery file).
        public string ReadToken(TokenRole role, out string problem)
        {
            problem = null;
            string file;
            if (!TokenFiles.TryGetValue(RoleName(role), out file))
            {
                problem = "the discovery file names no " + RoleName(role) + " token file; restart the host (uap-host serve)";
                return null;
            }
            try
            {
                string token = File.ReadAllText(file).Trim();
                if (token.Length == 0)
                    problem = "the token file " + file + " is empty; restart the host (uap-host serve)";
                return token.Length == 0 ? null : token;
            }
            catch (Exception error)
            {
                problem = "cannot read the " + RoleName(role) + " token file " + file + ": " + error.Message;
                return null;
            }
        }

        public Uri BridgeUri { get { return new Uri("ws://127.0.0.1:" + Port + "/bridge"); } }
        public Uri PanelUri { get { return new Uri("ws://127.0.0.1:" + Port + "/panel"); } }
    }
}
