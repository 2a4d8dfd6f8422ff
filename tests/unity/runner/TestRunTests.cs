// The tests.run.* state without Unity (AgentPanel.Core's TestRunRecord): the status and lastRun shapes the
// protocol requires, the failure bound, and a run that survives a domain reload through its saved text.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using AgentPanel.TestRuns;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    static class TestRunTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["core.test_run_record_outcome_and_reload"] = RecordOutcomeAndReload;
        }

        static void RecordOutcomeAndReload(Options options)
        {
            JObject protocol = JObject.Parse(File.ReadAllText(options.ProtocolFile));
            JObject statusSchema = (JObject)protocol["methods"]["tests.run.status"]["result"];
            List<string> lastRunRequired = ((JArray)statusSchema["properties"]["lastRun"]["required"]).Select(value => (string)value).ToList();
            int maxFailures = (int)statusSchema["properties"]["lastRun"]["properties"]["failures"]["maxItems"];
            Check.Equal(maxFailures, TestRunRecord.MaxFailures, "the record's failure bound is the protocol's");

            var record = new TestRunRecord();
            Check.Equal(false, (bool)record.Status("1.4.6")["running"], "a fresh record runs nothing");
            int runId = record.Begin("PlayMode", 1000);
            Check.Equal(1, runId, "the first run's id");
            record.Total = 60;
            record.TestCaseStarted("Game.Tests.A");
            record.TestCaseFinished("Game.Tests.A", TestCaseStatus.Passed, null, null);
            record.TestCaseStarted("Game.Tests.B");

            // A PlayMode run reloads the domain: the record goes through SessionState as text.
            record = TestRunRecord.Restore(record.Save());
            JObject status = record.Status("1.4.6");
            Check.Equal(true, (bool)status["running"], "still running after the reload");
            Check.Equal(1, (int)status["runId"], "runId after the reload");
            Check.Equal("PlayMode", (string)status["mode"], "mode after the reload");
            Check.Equal(60, (int)status["total"], "total after the reload");
            Check.Equal(1, (int)status["finished"], "finished after the reload");
            Check.Equal("Game.Tests.B", (string)status["current"], "current after the reload");
            Check.Equal("1.4.6", (string)status["testFramework"], "testFramework");

            for (int index = 0; index < 59; ++index)
                record.TestCaseFinished("Game.Tests.F" + index, TestCaseStatus.Failed, new string('m', 5000), "at Game.Tests.F" + index);
            JObject lastRun = record.End("completed", 4500, "Library/AgentPanel/TestResults/run-000001-PlayMode.xml");
            foreach (string field in lastRunRequired)
                Check.True(lastRun[field] != null, "lastRun carries the required " + field);
            Check.Equal(3500L, (long)lastRun["elapsedMs"], "elapsedMs from the start kept across the reload");
            Check.Equal(1, (int)lastRun["passed"], "passed");
            Check.Equal(59, (int)lastRun["failed"], "failed counts every failure");
            Check.Equal(maxFailures, ((JArray)lastRun["failures"]).Count, "failures are bounded");
            Check.Equal(59 - maxFailures, (int)lastRun["failuresOmitted"], "failuresOmitted counts the rest");
            var first = (JObject)lastRun["failures"][0];
            Check.Equal("Game.Tests.F0", (string)first["name"], "a failure's full name");
            Check.True(((string)first["message"]).Length <= TestRunRecord.MaxMessageChars + 3, "a long message is cut");
            Check.Equal(false, (bool)record.Status(null)["running"], "not running once ended");
            Check.True(record.Status(null)["testFramework"] == null, "no testFramework when it is not known");

            // The framework's final tree replaces the callbacks' failures; a cancelled run keeps what finished.
            record = TestRunRecord.Restore(record.Save());
            Check.Equal(2, record.Begin("EditMode", 10000), "ids continue after the reload");
            record.TestCaseFinished("Game.Tests.C", TestCaseStatus.Skipped, null, null);
            record.ReplaceFailures(new[] { new JObject { { "name", "Game.Tests.D" }, { "message", "boom" }, { "stackTrace", null } } });
            lastRun = record.End("cancelled", 10250, string.Empty);
            Check.Equal("cancelled", (string)lastRun["outcome"], "outcome");
            Check.Equal(1, (int)lastRun["total"], "total without RunStarted is what finished");
            Check.Equal(1, (int)lastRun["skipped"], "skipped");
            Check.Equal("", (string)lastRun["failures"][0]["stackTrace"], "a missing stack trace is an empty string");
            Check.Equal(false, TestRunRecord.Restore("not json").Running, "unreadable text gives a fresh record");
        }
    }
}
