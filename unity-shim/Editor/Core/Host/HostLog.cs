// The host's log file, <project>/UserSettings/AgentPanel/host.log: where a host the package starts
// writes its output, kept for one previous run, and read back when a start fails.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;

namespace AgentPanel.Host
{
    public static class HostLog
    {
        // Enough for the lines that explain a failed start; a longer tail is in the file itself.
        const int TailBytes = 16 * 1024;

        public static string FileFor(string projectPath)
        {
            return Path.Combine(Path.GetDirectoryName(HostDiscovery.FileFor(projectPath)), "host.log");
        }

        public static string PreviousFileFor(string projectPath)
        {
            return Path.Combine(Path.GetDirectoryName(HostDiscovery.FileFor(projectPath)), "host.previous.log");
        }

        // Before each start: the last run's log becomes host.previous.log, so the file never outgrows two
        // runs and the log of a host that died is still there when its replacement has started.
        public static string BeginRun(string projectPath)
        {
            string file = FileFor(projectPath);
            try
            {
                Directory.CreateDirectory(Path.GetDirectoryName(file));
                if (File.Exists(file))
                {
                    string previous = PreviousFileFor(projectPath);
                    File.Delete(previous);
                    File.Move(file, previous);
                }
            }
            catch (Exception)
            {
                // The host still starts; its output then appends to whatever is there.
            }
            return file;
        }

        // The last lines of a log file (empty when there is none), read from its end only.
        public static IList<string> LastLines(string file, int count)
        {
            var lines = new List<string>();
            try
            {
                using (var stream = new FileStream(file, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete))
                {
                    long start = Math.Max(0, stream.Length - TailBytes);
                    stream.Seek(start, SeekOrigin.Begin);
                    var buffer = new byte[stream.Length - start];
                    int read = 0;
                    while (read < buffer.Length)
                    {
                        int chunk = stream.Read(buffer, read, buffer.Length - read);
                        if (chunk <= 0)
                            break;
                        read += chunk;
                    }
                    string[] all = Encoding.UTF8.GetString(buffer, 0, read).Split('\n');
                    // The first line of a tail read from the middle of the file is partial.
                    int first = start > 0 ? 1 : 0;
                    for (int index = first; index < all.Length; ++index)
                    {
                        string line = all[index].TrimEnd('\r');
                        if (line.Length > 0)
                            lines.Add(line);
                    }
                }
            }
            catch (Exception)
            {
                return lines;
            }
            return lines.Count > count ? lines.GetRange(lines.Count - count, count) : lines;
        }

        // "; the last lines of its log (FILE):" and those lines, for a message that says why a host failed;
        // empty when the log has none.
        public static string Excerpt(string file)
        {
            IList<string> lines = LastLines(file, 5);
            if (lines.Count == 0)
                return string.Empty;
            return "; the last lines of its log (" + file + "):\n" + string.Join("\n", new List<string>(lines).ToArray());
        }
    }
}
