// scripts.validate: compiles staged C# sources with AssemblyBuilder against the project's own
// assemblies, in Temp/ (never Assets/), and answers with the compiler's diagnostics when the
// build finishes on a later editor frame.
using System;
using System.Collections.Generic;
using System.IO;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Compilation;

namespace AgentPanel.Editor.Primitives
{
    sealed class ScriptValidation
    {
        public static void Register(UnityEditorPrimitives table)
        {
            // Registered for hello.primitives; UnityEditorPrimitives routes the call to Begin.
            table.Add("scripts.validate", parameters => { throw PrimitiveError.Unsupported("scripts.validate runs deferred"); });
        }

        public static void Begin(JObject parameters, Action<JObject, PrimitiveError> done)
        {
            JArray sources = Params.RequiredArray(parameters, "sources");
            if (sources.Count == 0 || sources.Count > 100)
                throw PrimitiveError.InvalidParams("params.sources must hold 1 to 100 files");
            string folder = Path.Combine(Path.Combine("Temp", "AgentPanelValidate"), Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(folder);
            var paths = new List<string>();
            var originalNames = new Dictionary<string, string>();
            foreach (JToken item in sources)
            {
                JObject source = item as JObject;
                if (source == null)
                    throw PrimitiveError.InvalidParams("params.sources holds {path, text} objects");
                string name = Params.RequiredString(source, "path");
                string text = Params.OptionalString(source, "text", null);
                if (text == null)
                    throw PrimitiveError.InvalidParams("params.sources[].text must be a string");
                string staged = Path.Combine(folder, paths.Count + "_" + Path.GetFileName(name));
                File.WriteAllText(staged, text);
                paths.Add(staged);
                originalNames[Path.GetFullPath(staged)] = name;
            }
            var references = new List<string>();
            foreach (Assembly assembly in CompilationPipeline.GetAssemblies(AssembliesType.Editor))
                if (File.Exists(assembly.outputPath))
                    references.Add(assembly.outputPath);
            // AssemblyBuilder is [Obsolete] (a warning, no replacement named beyond "the Roslyn compiler")
            // from Unity 6000.0 to at least 6000.5. It stays until a replacement is chosen, which must
            // compile against the project's assemblies without touching Assets/ as it does. Only naming the type
            // warns, so the warning is silenced for this statement alone (docs/unity-package.md).
#pragma warning disable 618
            var builder = new AssemblyBuilder(Path.Combine(folder, "AgentPanelValidate.dll"), paths.ToArray())
            {
                additionalReferences = references.ToArray(),
                flags = AssemblyBuilderFlags.EditorAssembly,
            };
#pragma warning restore 618
            builder.buildFinished += (assemblyPath, messages) =>
            {
                var diagnostics = new JArray();
                bool ok = true;
                foreach (CompilerMessage message in messages)
                {
                    string file;
                    if (!originalNames.TryGetValue(Path.GetFullPath(message.file ?? string.Empty), out file))
                        file = message.file;
                    bool error = message.type == CompilerMessageType.Error;
                    ok &= !error;
                    diagnostics.Add(new JObject
                    {
                        { "severity", error ? "error" : "warning" }, { "message", message.message }, { "file", file },
                        { "line", message.line }, { "column", message.column },
                    });
                }
                try { Directory.Delete(folder, true); }
                catch (IOException) { }
                done(new JObject { { "ok", ok }, { "diagnostics", diagnostics } }, null);
            };
            if (!builder.Build())
                throw PrimitiveError.Conflict("Unity is compiling scripts now; call scripts.validate again when editor.state says compiling: false");
        }
    }
}
