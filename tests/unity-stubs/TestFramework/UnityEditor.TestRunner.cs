// Stubs of the Test Framework (com.unity.test-framework) API the optional AgentPanel.Editor.TestRunner
// assembly uses, as UnityEditor.TestRunner/Api declares it at 1.1.33 (Unity 2022.3) and, with
// UAP_STUB_TEST_FRAMEWORK_1_4, at 1.4.6 (Unity 6): compiled once per shape. Only the members used.
using System;
using System.Collections.Generic;
using NUnit.Framework.Interfaces;
using UnityEngine;

namespace UnityEditor.TestTools.TestRunner.Api
{
    public class TestRunnerApi : ScriptableObject
    {
        public string Execute(ExecutionSettings executionSettings) { throw new NotImplementedException(); }
        public void RegisterCallbacks<T>(T testCallbacks, int priority = 0) where T : ICallbacks { }
#if UAP_STUB_TEST_FRAMEWORK_1_4
        public static void SaveResultToFile(ITestResultAdaptor results, string xmlFilePath) { }
        public static bool CancelTestRun(string guid) { throw new NotImplementedException(); }
#endif
    }

    [Serializable]
    public class ExecutionSettings
    {
        public ExecutionSettings(params Filter[] filtersToExecute) { filters = filtersToExecute; }
        public Filter[] filters;
    }

    [Serializable]
    public class Filter
    {
        public TestMode testMode;
        public string[] testNames;
        public string[] groupNames;
        public string[] categoryNames;
        public string[] assemblyNames;
    }

    public interface ICallbacks
    {
        void RunStarted(ITestAdaptor testsToRun);
        void RunFinished(ITestResultAdaptor result);
        void TestStarted(ITestAdaptor test);
        void TestFinished(ITestResultAdaptor result);
    }

    public interface IErrorCallbacks : ICallbacks
    {
        void OnError(string message);
    }

    public interface ITestAdaptor
    {
        string FullName { get; }
        int TestCaseCount { get; }
        bool IsSuite { get; }
    }

    public interface ITestResultAdaptor
    {
        ITestAdaptor Test { get; }
        string FullName { get; }
        string ResultState { get; }
        TestStatus TestStatus { get; }
        double Duration { get; }
        DateTime StartTime { get; }
        DateTime EndTime { get; }
        string Message { get; }
        string StackTrace { get; }
        int FailCount { get; }
        int PassCount { get; }
        int SkipCount { get; }
        int InconclusiveCount { get; }
        bool HasChildren { get; }
        IEnumerable<ITestResultAdaptor> Children { get; }
        TNode ToXml();
    }

    [Flags]
    public enum TestMode
    {
        EditMode = 1 << 0,
        PlayMode = 1 << 1
    }

    public enum TestStatus
    {
        Inconclusive,
        Skipped,
        Passed,
        Failed
    }
}
