// tests.run.start/status/cancel: a Test Framework run (TestRunnerApi.Execute) that answers at once and is
// polled. Loaded with every domain ([InitializeOnLoad]): registers the primitives with AgentPanel.Editor
// before the bridge builds its table, and the callbacks again, since the framework's holder of them
// (CallbacksHolder) does not keep them across a domain reload.
using System;
using System.Collections.Generic;
using System.Text.RegularExpressions;
using AgentPanel.Bridge;
using AgentPanel.Editor.Primitives;
using AgentPanel.TestRuns;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.TestTools.TestRunner.Api;
using UnityEngine;

namespace AgentPanel.Editor.TestRuns
{
    [InitializeOnLoad]
    static class TestRunPrimitives
    {
        static readonly TestRunnerApi s_api;
        static readonly TestRunCallbacks s_callbacks = new TestRunCallbacks();

        static TestRunPrimitives()
        {
            s_api = (TestRunnerApi)ScriptableObject.CreateInstance(typeof(TestRunnerApi));
            s_api.RegisterCallbacks(s_callbacks);
            AssemblyReloadEvents.beforeAssemblyReload += TestRunSession.Save;
            PrimitiveExtensions.Register(Register);
        }

        static void Register(UnityEditorPrimitives table)
        {
            table.Add("tests.run.start", Start);
            table.Add("tests.run.status", Status);
            table.Add("tests.run.cancel", Cancel);
        }

        static JObject Start(JObject parameters)
        {
            string mode = Params.RequiredString(parameters, "mode");
            if (mode != "EditMode" && mode != "PlayMode")
                throw PrimitiveError.InvalidParams("params.mode must be EditMode or PlayMode");
            var filter = new Filter
            {
                testMode = mode == "EditMode" ? TestMode.EditMode : TestMode.PlayMode,
                testNames = Names(parameters, "testNames", 256, 1024, false),
                groupNames = Names(parameters, "groupNames", 64, 1024, true),
                categoryNames = Names(parameters, "categoryNames", 64, 256, false),
                assemblyNames = Names(parameters, "assemblyNames", 64, 256, false),
            };
            if (EditorApplication.isCompiling)
                throw PrimitiveError.Conflict("scripts are compiling; start the run when they are done (editor.status)");
            if (EditorApplication.isPlayingOrWillChangePlaymode)
                throw PrimitiveError.Conflict("the editor is in play mode; stop it first (playmode.set edit)");
            TestRunRecord record = TestRunSession.Record;
            if (record.Running)
                throw PrimitiveError.Conflict("test run " + record.RunId + " is in progress; wait for it (tests.run.status) or cancel it (tests.run.cancel)");
            if (TestRunCallbacks.OtherRunActive)
                throw PrimitiveError.Conflict("a test run started outside the bridge (the Test Runner window) is in progress; wait for it to finish " +
                    "(a run cancelled there sends no RunFinished: the next script reload clears this)");
            int runId = record.Begin(mode, TestRunSession.NowUnixMs());
            TestRunSession.Save();
            string guid;
            try
            {
                guid = s_api.Execute(new ExecutionSettings(filter));
            }
            catch (Exception)
            {
                record.Abandon();
                TestRunSession.Save();
                throw;
            }
            // An empty run may already have finished inside Execute.
            if (record.Running && record.RunId == runId)
            {
                record.FrameworkGuid = guid;
                TestRunSession.Save();
            }
            return new JObject { { "started", true }, { "runId", runId }, { "mode", mode } };
        }

        // An optional array of non-empty strings; groupNames are regular expressions and must parse.
        static string[] Names(JObject parameters, string name, int maxItems, int maxLength, bool patterns)
        {
            JToken value = parameters[name];
            if (value == null || value.Type == JTokenType.Null)
                return null;
            JArray array = value as JArray;
            if (array == null || array.Count > maxItems)
                throw PrimitiveError.InvalidParams("params." + name + " must be an array of at most " + maxItems + " strings");
            var names = new List<string>();
            foreach (JToken item in array)
            {
                if (item.Type != JTokenType.String || ((string)item).Length == 0 || ((string)item).Length > maxLength)
                    throw PrimitiveError.InvalidParams("params." + name + " must hold non-empty strings of at most " + maxLength + " characters");
                if (patterns)
                    CheckPattern(name, (string)item);
                names.Add((string)item);
            }
            return names.Count > 0 ? names.ToArray() : null;
        }

        static void CheckPattern(string name, string pattern)
        {
            try
            {
                new Regex(pattern);
            }
            catch (ArgumentException error)
            {
                throw PrimitiveError.InvalidParams("params." + name + " holds an invalid regular expression '" + pattern + "': " + error.Message);
            }
        }

        static JObject Status(JObject parameters)
        {
            return TestRunSession.Record.Status(FrameworkVersion());
        }

        static string FrameworkVersion()
        {
            var package = UnityEditor.PackageManager.PackageInfo.FindForAssembly(typeof(TestRunnerApi).Assembly);
            return package != null ? package.version : null;
        }

        static JObject Cancel(JObject parameters)
        {
            TestRunRecord record = TestRunSession.Record;
            if (!record.Running)
                return new JObject { { "wasRunning", false }, { "running", false } };
#if UAP_TEST_FRAMEWORK_1_4
            record.CancelRequested = true;
            // The framework does not call RunFinished for a cancelled run, and answers false for a run it no
            // longer has (one that stopped without RunFinished): either way the run is over here.
            if (record.FrameworkGuid != null)
                TestRunnerApi.CancelTestRun(record.FrameworkGuid);
            record.End("cancelled", TestRunSession.NowUnixMs(), string.Empty);
            TestRunSession.Save();
            return new JObject { { "wasRunning", true }, { "running", record.Running } };
#else
            throw PrimitiveError.Unsupported("this project's Test Framework " + (FrameworkVersion() ?? "version") +
                " cannot cancel a run from code: TestRunnerApi.CancelTestRun is public from com.unity.test-framework 1.4.0. " +
                "Update it in Window > Package Manager > Test Framework > Update, or wait for run " + record.RunId + " to finish (tests.run.status)");
#endif
        }
    }
}
