// The Test Framework's callbacks for every run in this editor (they are global): the run that tests.run.start
// began is followed into the session's record; a run started elsewhere (the Test Runner window) is only
// noted, so a start does not collide with it.
using System.Collections.Generic;
using AgentPanel.TestRuns;
using Newtonsoft.Json.Linq;
using UnityEditor.TestTools.TestRunner.Api;

namespace AgentPanel.Editor.TestRuns
{
    sealed class TestRunCallbacks : IErrorCallbacks
    {
        // Not kept across a reload: a foreign run that reloads is not seen again until it ends.
        public static bool OtherRunActive;

        public void RunStarted(ITestAdaptor testsToRun)
        {
            TestRunRecord record = TestRunSession.Record;
            if (!record.Running)
            {
                OtherRunActive = true;
                return;
            }
            if (record.Total < 0)
            {
                record.Total = testsToRun.TestCaseCount;
                TestRunSession.Save();
            }
        }

        public void RunFinished(ITestResultAdaptor result)
        {
            TestRunRecord record = TestRunSession.Record;
            if (!record.Running)
            {
                OtherRunActive = false;
                return;
            }
            record.TakeCounts(result.PassCount, result.FailCount, result.SkipCount, result.InconclusiveCount);
            var failures = new List<JObject>();
            CollectFailures(result, failures);
            record.ReplaceFailures(failures);
            string resultsPath = TestResultsFile.Write(result, record.RunId, record.Mode);
            record.End(record.CancelRequested ? "cancelled" : "completed", TestRunSession.NowUnixMs(), resultsPath);
            TestRunSession.Save();
        }

        public void TestStarted(ITestAdaptor test)
        {
            if (!test.IsSuite)
                TestRunSession.Record.TestCaseStarted(test.FullName);
        }

        public void TestFinished(ITestResultAdaptor result)
        {
            if (IsTestCase(result))
                TestRunSession.Record.TestCaseFinished(result.FullName, Status(result.TestStatus), result.Message, result.StackTrace);
        }

        // The framework gave up on the run (a build or setup error): it will not call RunFinished.
        public void OnError(string message)
        {
            TestRunRecord record = TestRunSession.Record;
            if (!record.Running)
            {
                OtherRunActive = false;
                return;
            }
            record.End("cancelled", TestRunSession.NowUnixMs(), string.Empty, message ?? string.Empty);
            TestRunSession.Save();
        }

        static bool IsTestCase(ITestResultAdaptor result)
        {
            return result.Test != null ? !result.Test.IsSuite : !result.HasChildren;
        }

        static void CollectFailures(ITestResultAdaptor result, List<JObject> failures)
        {
            if (IsTestCase(result))
            {
                if (result.TestStatus == TestStatus.Failed)
                    failures.Add(new JObject { { "name", result.FullName }, { "message", result.Message }, { "stackTrace", result.StackTrace } });
                return;
            }
            if (result.HasChildren)
                foreach (ITestResultAdaptor child in result.Children)
                    CollectFailures(child, failures);
        }

        static TestCaseStatus Status(TestStatus status)
        {
            switch (status)
            {
                case TestStatus.Passed: return TestCaseStatus.Passed;
                case TestStatus.Skipped: return TestCaseStatus.Skipped;
                case TestStatus.Inconclusive: return TestCaseStatus.Inconclusive;
                default: return TestCaseStatus.Failed;
            }
        }
    }
}
