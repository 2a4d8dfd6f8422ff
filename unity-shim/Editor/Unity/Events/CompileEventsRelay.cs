// Tells the host when Unity starts and finishes a script compile, with the compiler's errors and
// warnings (events compileStarted, compileFinished), so the agent learns that its scripts failed.
using System.IO;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Compilation;

namespace AgentPanel.Editor.Events
{
    [InitializeOnLoad]
    static class CompileEventsRelay
    {
        static readonly CompileReport s_report = new CompileReport();

        static CompileEventsRelay()
        {
            CompilationPipeline.compilationStarted += OnCompilationStarted;
            CompilationPipeline.assemblyCompilationFinished += OnAssemblyCompilationFinished;
            CompilationPipeline.compilationFinished += OnCompilationFinished;
        }

        static void OnCompilationStarted(object context)
        {
            s_report.Start();
            BridgeService.SendEditorEvent("compileStarted", new JObject());
        }

        static void OnAssemblyCompilationFinished(string assemblyPath, CompilerMessage[] messages)
        {
            string assembly = Path.GetFileNameWithoutExtension(assemblyPath);
            s_report.AddAssembly(assembly);
            foreach (CompilerMessage message in messages)
            {
                // Info messages are the compiler's own notes, not diagnostics of the user's code.
                if (message.type == CompilerMessageType.Error)
                    s_report.Add(CompileSeverity.Error, assembly, message.file, message.line, message.column, message.message);
                else if (message.type == CompilerMessageType.Warning)
                    s_report.Add(CompileSeverity.Warning, assembly, message.file, message.line, message.column, message.message);
            }
        }

        // A successful compile is followed by a domain reload that may take the socket before this
        // event leaves; the host then reads the reload itself as the compile having succeeded.
        static void OnCompilationFinished(object context)
        {
            BridgeService.SendEditorEvent("compileFinished", s_report.Finished());
        }
    }
}
