// The data of the compileFinished event, gathered across one compile's assemblies: errors and
// warnings, bounded, with counts of all of them. Unity-free, so it is tested under mono.
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Bridge
{
    public enum CompileSeverity { Error, Warning }

    public sealed class CompileReport
    {
        // Enough for the agent to fix the first errors; the counts say how many there were in all.
        public const int MaxListedDiagnostics = 100;

        readonly List<JObject> m_errors = new List<JObject>();
        readonly List<JObject> m_warnings = new List<JObject>();
        readonly List<string> m_assemblies = new List<string>();
        int m_errorCount, m_warningCount;

        // A new compile began: what an earlier one reported is forgotten.
        public void Start()
        {
            m_errors.Clear();
            m_warnings.Clear();
            m_assemblies.Clear();
            m_errorCount = m_warningCount = 0;
        }

        public void AddAssembly(string assembly)
        {
            if (!m_assemblies.Contains(assembly))
                m_assemblies.Add(assembly);
        }

        public void Add(CompileSeverity severity, string assembly, string file, int line, int column, string message)
        {
            bool error = severity == CompileSeverity.Error;
            List<JObject> list = error ? m_errors : m_warnings;
            if (error)
                m_errorCount++;
            else
                m_warningCount++;
            if (list.Count < MaxListedDiagnostics)
                list.Add(new JObject
                {
                    { "file", file ?? "" }, { "line", line }, { "column", column }, { "message", message ?? "" },
                    { "severity", error ? "error" : "warning" }, { "assembly", assembly ?? "" },
                });
        }

        public JObject Finished()
        {
            return new JObject
            {
                { "errors", new JArray(m_errors.ToArray()) }, { "warnings", new JArray(m_warnings.ToArray()) },
                { "errorCount", m_errorCount }, { "warningCount", m_warningCount },
                { "truncated", m_errorCount > m_errors.Count || m_warningCount > m_warnings.Count },
                { "assemblies", new JArray(m_assemblies.ToArray()) },
            };
        }
    }
}
