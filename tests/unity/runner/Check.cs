// A tiny test runner for the shim's Unity-free assembly under mono (Debian 12 packages no NUnit 3):
// each case is a static method; a failed check throws with what was expected and what was seen.
using System;
using System.Collections.Generic;

namespace AgentPanel.Tests
{
    public sealed class CheckFailed : Exception
    {
        public CheckFailed(string message) : base(message) { }
    }

    public static class Check
    {
        public static void True(bool condition, string what)
        {
            if (!condition)
                throw new CheckFailed("expected: " + what);
        }

        public static void Equal<T>(T expected, T actual, string what)
        {
            if (!EqualityComparer<T>.Default.Equals(expected, actual))
                throw new CheckFailed(what + ": expected <" + expected + "> but was <" + actual + ">");
        }
    }

    // Runs a view-model case from English, whatever the machine's language, and gives the catalogue its
    // language back after, so a case switching to Japanese leaves no trace in the next.
    public static class Languages
    {
        public static void InEnglish(Action test)
        {
            AgentPanel.Panel.PanelLanguage before = AgentPanel.Panel.PanelStrings.Language;
            try
            {
                AgentPanel.Panel.PanelStrings.Language = AgentPanel.Panel.PanelLanguage.English;
                test();
            }
            finally
            {
                AgentPanel.Panel.PanelStrings.Language = before;
            }
        }
    }

    public static class Program
    {
        public static int Main(string[] arguments)
        {
            var cases = new SortedDictionary<string, Action<Options>>();
            CoreTests.Register(cases);
            TestRunTests.Register(cases);
            PumpTests.Register(cases);
            AddressingTests.Register(cases);
            ViewModelTests.Register(cases);
            ViewportTests.Register(cases);
            PanelSettingsTests.Register(cases);
            SubagentTests.Register(cases);
            MarkdownTests.Register(cases);
            PermissionKeysTests.Register(cases);
            BridgeTests.Register(cases);
            LauncherTests.Register(cases);
            SupervisionTests.Register(cases);
            RealCliTests.Register(cases);
            ProjectToolTests.Register(cases);
            Options options = Options.Parse(arguments);
            if (options.Case == null || options.Case == "--list")
            {
                foreach (string name in cases.Keys)
                    Console.WriteLine(name);
                return options.Case == null ? 2 : 0;
            }
            Action<Options> run;
            if (!cases.TryGetValue(options.Case, out run))
            {
                Console.Error.WriteLine("unknown case " + options.Case + "; --list shows them");
                return 2;
            }
            try
            {
                run(options);
                Console.WriteLine("PASS " + options.Case);
                return 0;
            }
            catch (Exception failure)
            {
                Console.WriteLine("FAIL " + options.Case + ": " + failure);
                return 1;
            }
        }
    }

    public sealed class Options
    {
        public string Case;
        public string HostBinary;
        public string PluginsFolder;
        public string ProtocolFile;
        public string PackageTarball;
        public string NodeFolder;
        public string MarkdownFixture;

        public static Options Parse(string[] arguments)
        {
            var options = new Options();
            for (int index = 0; index < arguments.Length; ++index)
            {
                string word = arguments[index];
                Func<string> next = () => index + 1 < arguments.Length ? arguments[++index] : null;
                if (word == "--host") options.HostBinary = next();
                else if (word == "--plugins") options.PluginsFolder = next();
                else if (word == "--protocol") options.ProtocolFile = next();
                else if (word == "--tarball") options.PackageTarball = next();
                else if (word == "--node") options.NodeFolder = next();
                else if (word == "--markdown-fixture") options.MarkdownFixture = next();
                else options.Case = word;
            }
            return options;
        }
    }
}
