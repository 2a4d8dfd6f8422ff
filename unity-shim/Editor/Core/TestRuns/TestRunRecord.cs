// The state of tests.run.* without Unity: the run in progress (id, mode, start, progress, the leaf results
// seen so far) and the last run's outcome as tests.run.status reports it. It round-trips through JSON so
// the editor can keep it in SessionState across the domain reload a PlayMode run causes.
using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.TestRuns
{
    public enum TestCaseStatus { Passed, Failed, Skipped, Inconclusive }

    public sealed class TestRunRecord
    {
        public const int MaxFailures = 50;
        // Long assertion messages and deep stacks are cut so one status answer stays small.
        public const int MaxMessageChars = 4000;
        public const int MaxStackTraceChars = 8000;

        public int NextRunId = 1;
        public bool Running;
        public int RunId;
        public string Mode;
        public long StartedUnixMs;
        // The framework's id of the run (TestRunnerApi.Execute's answer), for CancelTestRun.
        public string FrameworkGuid;
        // Test cases RunStarted announced; -1 until it arrives.
        public int Total = -1;
        public int Finished;
        public string Current;
        public bool CancelRequested;
        public int Passed, Failed, Skipped, Inconclusive;
        public readonly List<JObject> Failures = new List<JObject>();
        public int FailuresOmitted;
        public JObject LastRun;

        // A new run: its id, mode and clock; the tallies of the previous one are dropped.
        public int Begin(string mode, long nowUnixMs)
        {
            Running = true;
            RunId = NextRunId++;
            Mode = mode;
            StartedUnixMs = nowUnixMs;
            FrameworkGuid = null;
            Total = -1;
            Finished = 0;
            Current = null;
            CancelRequested = false;
            Passed = Failed = Skipped = Inconclusive = 0;
            Failures.Clear();
            FailuresOmitted = 0;
            return RunId;
        }

        public void TestCaseStarted(string fullName)
        {
            if (Running)
                Current = fullName;
        }

        // A leaf test case's result (suites are not counted: their counts are the sum of their cases).
        public void TestCaseFinished(string fullName, TestCaseStatus status, string message, string stackTrace)
        {
            if (!Running)
                return;
            ++Finished;
            if (Current == fullName)
                Current = null;
            switch (status)
            {
                case TestCaseStatus.Passed: ++Passed; break;
                case TestCaseStatus.Skipped: ++Skipped; break;
                case TestCaseStatus.Inconclusive: ++Inconclusive; break;
                default:
                    ++Failed;
                    AddFailure(fullName, message, stackTrace);
                    break;
            }
        }

        void AddFailure(string fullName, string message, string stackTrace)
        {
            if (Failures.Count >= MaxFailures)
            {
                ++FailuresOmitted;
                return;
            }
            Failures.Add(new JObject
            {
                { "name", fullName ?? string.Empty }, { "message", Cut(message, MaxMessageChars) }, { "stackTrace", Cut(stackTrace, MaxStackTraceChars) },
            });
        }

        static string Cut(string text, int limit)
        {
            if (string.IsNullOrEmpty(text))
                return string.Empty;
            return text.Length > limit ? text.Substring(0, limit) + "..." : text;
        }

        // The run ends: its tallies become lastRun. A completed run's counts are the root result's (what the
        // framework counted); a cancelled one has only the cases that finished before it stopped.
        public JObject End(string outcome, long nowUnixMs, string resultsPath, string error = null)
        {
            LastRun = new JObject
            {
                { "runId", RunId }, { "mode", Mode }, { "outcome", outcome }, { "elapsedMs", Math.Max(0, nowUnixMs - StartedUnixMs) },
                { "total", Total >= 0 ? Total : Finished }, { "passed", Passed }, { "failed", Failed }, { "skipped", Skipped },
                { "inconclusive", Inconclusive }, { "failures", new JArray(Failures.ToArray()) }, { "failuresOmitted", FailuresOmitted },
                { "resultsPath", resultsPath ?? string.Empty },
            };
            if (error != null)
                LastRun["error"] = error;
            Running = false;
            Current = null;
            FrameworkGuid = null;
            return LastRun;
        }

        // Start refused after Begin (Execute threw): the id stays used, nothing becomes lastRun.
        public void Abandon()
        {
            Running = false;
            Current = null;
            FrameworkGuid = null;
        }

        // The failures of the framework's final result tree replace those the callbacks collected.
        public void ReplaceFailures(IEnumerable<JObject> failures)
        {
            Failures.Clear();
            FailuresOmitted = 0;
            foreach (JObject failure in failures)
                AddFailure((string)failure["name"], (string)failure["message"], (string)failure["stackTrace"]);
        }

        // The counts of the framework's root result, which also covers cases whose callbacks were missed.
        public void TakeCounts(int passed, int failed, int skipped, int inconclusive)
        {
            Passed = passed;
            Failed = failed;
            Skipped = skipped;
            Inconclusive = inconclusive;
        }

        public JObject Status(string testFramework)
        {
            var status = new JObject { { "running", Running } };
            if (Running)
            {
                status["runId"] = RunId;
                status["mode"] = Mode;
                status["total"] = Math.Max(Total, 0);
                status["finished"] = Finished;
                if (Current != null)
                    status["current"] = Current;
            }
            if (testFramework != null)
                status["testFramework"] = testFramework;
            if (LastRun != null)
                status["lastRun"] = LastRun;
            return status;
        }

        public string Save()
        {
            var saved = new JObject
            {
                { "nextRunId", NextRunId }, { "running", Running }, { "runId", RunId }, { "mode", Mode }, { "startedUnixMs", StartedUnixMs },
                { "frameworkGuid", FrameworkGuid }, { "total", Total }, { "finished", Finished }, { "current", Current },
                { "cancelRequested", CancelRequested }, { "passed", Passed }, { "failed", Failed }, { "skipped", Skipped },
                { "inconclusive", Inconclusive }, { "failures", new JArray(Failures.ToArray()) }, { "failuresOmitted", FailuresOmitted },
                { "lastRun", LastRun },
            };
            return saved.ToString(Newtonsoft.Json.Formatting.None);
        }

        // A record from Save's text; an empty or unreadable text gives a fresh record.
        public static TestRunRecord Restore(string text)
        {
            var record = new TestRunRecord();
            if (string.IsNullOrEmpty(text))
                return record;
            JObject saved;
            try
            {
                saved = JObject.Parse(text);
            }
            catch (Newtonsoft.Json.JsonException)
            {
                return record;
            }
            record.NextRunId = (int?)saved["nextRunId"] ?? 1;
            record.Running = (bool?)saved["running"] ?? false;
            record.RunId = (int?)saved["runId"] ?? 0;
            record.Mode = (string)saved["mode"];
            record.StartedUnixMs = (long?)saved["startedUnixMs"] ?? 0;
            record.FrameworkGuid = (string)saved["frameworkGuid"];
            record.Total = (int?)saved["total"] ?? -1;
            record.Finished = (int?)saved["finished"] ?? 0;
            record.Current = (string)saved["current"];
            record.CancelRequested = (bool?)saved["cancelRequested"] ?? false;
            record.Passed = (int?)saved["passed"] ?? 0;
            record.Failed = (int?)saved["failed"] ?? 0;
            record.Skipped = (int?)saved["skipped"] ?? 0;
            record.Inconclusive = (int?)saved["inconclusive"] ?? 0;
            JArray failures = saved["failures"] as JArray;
            if (failures != null)
                foreach (JToken failure in failures)
                    if (failure is JObject)
                        record.Failures.Add((JObject)failure);
            record.FailuresOmitted = (int?)saved["failuresOmitted"] ?? 0;
            record.LastRun = saved["lastRun"] as JObject;
            return record;
        }
    }
}
