// The one test-run record of this editor session, kept in SessionState: saved when a run starts and ends
// and before every domain reload (a PlayMode run reloads mid-run), restored when the domain loads.
using System;
using AgentPanel.TestRuns;
using UnityEditor;

namespace AgentPanel.Editor.TestRuns
{
    static class TestRunSession
    {
        const string RecordKey = "AgentPanel.TestRun";
        static TestRunRecord s_record;

        public static TestRunRecord Record
        {
            get
            {
                if (s_record == null)
                    s_record = TestRunRecord.Restore(SessionState.GetString(RecordKey, string.Empty));
                return s_record;
            }
        }

        public static void Save()
        {
            if (s_record != null)
                SessionState.SetString(RecordKey, s_record.Save());
        }

        public static long NowUnixMs()
        {
            return (long)(DateTime.UtcNow - new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc)).TotalMilliseconds;
        }
    }
}
