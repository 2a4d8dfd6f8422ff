// The NUnit XML of a finished run, written under Library/AgentPanel/TestResults/: by the framework's own
// writer (TestRunnerApi.SaveResultToFile, public from Test Framework 1.4.0), or on older versions by the
// same test-run element around the root result's ITestResultAdaptor.ToXml(), as its ResultsWriter does.
using System;
using System.Globalization;
using System.IO;
using System.Xml;
using UnityEditor.TestTools.TestRunner.Api;
using UnityEngine;

namespace AgentPanel.Editor.TestRuns
{
    static class TestResultsFile
    {
        public const string Folder = "Library/AgentPanel/TestResults";
        // Older files are removed so a long session does not fill Library/.
        const int KeptFiles = 20;

        // The project-relative path of the file written, or "" when it could not be written.
        public static string Write(ITestResultAdaptor result, int runId, string mode)
        {
            string projectRoot = Path.GetDirectoryName(Application.dataPath);
            string relative = Folder + "/run-" + runId.ToString("D6", CultureInfo.InvariantCulture) + "-" + mode + ".xml";
            string path = Path.Combine(projectRoot, relative);
            try
            {
                Directory.CreateDirectory(Path.GetDirectoryName(path));
                Prune(Path.GetDirectoryName(path));
#if UAP_TEST_FRAMEWORK_1_4
                TestRunnerApi.SaveResultToFile(result, path);
#else
                WriteWithToXml(result, path);
#endif
            }
            catch (Exception error)
            {
                Debug.LogWarning("Agent Panel: the test results could not be written to " + relative + ": " + error.Message);
                return string.Empty;
            }
            // SaveResultToFile reports its own failures to the Console instead of throwing.
            return File.Exists(path) ? relative : string.Empty;
        }

#if !UAP_TEST_FRAMEWORK_1_4
        static void WriteWithToXml(ITestResultAdaptor result, string path)
        {
            int total = result.PassCount + result.FailCount + result.SkipCount + result.InconclusiveCount;
            var settings = new XmlWriterSettings { Indent = true, NewLineOnAttributes = false };
            using (XmlWriter writer = XmlWriter.Create(path, settings))
            {
                writer.WriteStartElement("test-run");
                writer.WriteAttributeString("id", "2");
                writer.WriteAttributeString("testcasecount", total.ToString(CultureInfo.InvariantCulture));
                writer.WriteAttributeString("result", result.ResultState);
                writer.WriteAttributeString("total", total.ToString(CultureInfo.InvariantCulture));
                writer.WriteAttributeString("passed", result.PassCount.ToString(CultureInfo.InvariantCulture));
                writer.WriteAttributeString("failed", result.FailCount.ToString(CultureInfo.InvariantCulture));
                writer.WriteAttributeString("inconclusive", result.InconclusiveCount.ToString(CultureInfo.InvariantCulture));
                writer.WriteAttributeString("skipped", result.SkipCount.ToString(CultureInfo.InvariantCulture));
                writer.WriteAttributeString("start-time", result.StartTime.ToString("u", CultureInfo.InvariantCulture));
                writer.WriteAttributeString("end-time", result.EndTime.ToString("u", CultureInfo.InvariantCulture));
                writer.WriteAttributeString("duration", result.Duration.ToString(CultureInfo.InvariantCulture));
                result.ToXml().WriteTo(writer);
                writer.WriteEndElement();
            }
        }
#endif

        static void Prune(string folder)
        {
            // Oldest first by time written: run ids start again at 1 in a new editor session.
            string[] files = Directory.GetFiles(folder, "run-*.xml");
            Array.Sort(files, (left, right) => File.GetLastWriteTimeUtc(left).CompareTo(File.GetLastWriteTimeUtc(right)));
            for (int index = 0; files.Length - index >= KeptFiles; ++index)
                File.Delete(files[index]);
        }
    }
}
