// Tells the host when Unity starts and finishes a script compile, with the compiler's errors and
// warnings (events compileStarted, compileFinished), so the agent learns that its scripts failed.
using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Compilation;

namespace AgentPanel.Editor.Events
{
    [InitializeOnLoad]
    static class CompileEventsRelay
    {
        // Enough for the agent to fix the first errors; the counts say how many there were in all.
        const int MaxListedDiagnostics = 100;

        static readonly List<JObject> s_errors = new List<JObject>();
        static readonly List<JObject> s_warnings = new List<JObject>();
        static readonly List<string> s_assemblies = new List<string>();
        static int s_errorCount, s_warningCount;

        static CompileEventsRelay()
        {
            CompilationPipeline.compilationStarted += OnCompilationStarted;
            CompilationPipeline.assemblyCompilationFinished += OnAssemblyCompilationFinished;
            CompilationPipeline.compilationFinished += OnCompilationFinished;
        }

        static void OnCompilationStarted(object context)
        {
            s_errors.Clear();
            s_warnings.Clear();
            s_assemblies.Clear();
            s_errorCount = s_warningCount = 0;
            BridgeService.SendEditorEvent("compileStarted", new JObject());
        }

        static void OnAssemblyCompilationFinished(string assemblyPath, CompilerMessage[] messages)
        {
            string assembly = Path.GetFileNameWithoutExtension(assemblyPath);
            s_assemblies.Add(assembly);
            foreach (CompilerMessage message in messages)
            {
                // Info messages are the compiler's own notes, not diagnostics of the user's code.
                if (message.type == CompilerMessageType.Error)
                    Collect(s_errors, ref s_errorCount, message, "error", assembly);
                else if (message.type == CompilerMessageType.Warning)
                    Collect(s_warnings, ref s_warningCount, message, "warning", assembly);
            }
        }

        static void Collect(List<JObject> list, ref int count, CompilerMessage message, string severity, string assembly)
        {
            count++;
            if (list.Count < MaxListedDiagnostics)
                list.Add(new JObject
                {
                    { "file", message.file ?? "" }, { "line", message.line }, { "column", message.column },
                    { "message", message.message ?? "" }, { "severity", severity }, { "assembly", assembly },
                });
        }

        // A successful compile is followed by a domain reload that may take the socket before this
        // event leaves; the host then reads the reload itself as the compile having succeeded.
        static void OnCompilationFinished(object context)
        {
            BridgeService.SendEditorEvent("compileFinished", new JObject
            {
                { "errors", new JArray(s_errors) }, { "warnings", new JArray(s_warnings) },
                { "errorCount", s_errorCount }, { "warningCount", s_warningCount },
                { "truncated", s_errorCount > s_errors.Count || s_warningCount > s_warnings.Count },
                { "assemblies", new JArray(s_assemblies) },
            });
        }
    }
}
