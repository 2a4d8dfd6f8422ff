// asset.refresh: AssetDatabase.Refresh, answering with the paths it imported (seen by an
// AssetPostprocessor while the refresh runs) and whether it started a script compile, whose outcome
// arrives later as the compileFinished event.
using System;
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Compilation;

namespace AgentPanel.Editor.Primitives
{
    static class AssetRefreshPrimitive
    {
        // Answers stay far below the host's result cap; the count says how many there were in all.
        const int MaxListedPaths = 1000;

        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("asset.refresh", Refresh);
        }

        sealed class Recording
        {
            public readonly List<string> Imported = new List<string>();
            public bool ScriptsChanged;
            public bool CompileStarted;
        }

        // Set only while Refresh runs on the main thread; Unity calls the postprocessor there too.
        static Recording s_recording;

        static readonly string[] ScriptExtensions = { ".cs", ".asmdef", ".asmref", ".dll", ".rsp" };

        static bool IsScript(string path)
        {
            foreach (string extension in ScriptExtensions)
                if (path.EndsWith(extension, StringComparison.OrdinalIgnoreCase))
                    return true;
            return false;
        }

        public static void Record(string[] imported, string[] deleted, string[] moved)
        {
            Recording recording = s_recording;
            if (recording == null)
                return;
            recording.Imported.AddRange(imported);
            foreach (string[] paths in new[] { imported, deleted, moved })
                foreach (string path in paths)
                    recording.ScriptsChanged = recording.ScriptsChanged || IsScript(path);
        }

        static void OnCompilationStarted(object context)
        {
            if (s_recording != null)
                s_recording.CompileStarted = true;
        }

        static JObject Refresh(JObject parameters)
        {
            var recording = new Recording();
            s_recording = recording;
            CompilationPipeline.compilationStarted += OnCompilationStarted;
            try
            {
                AssetDatabase.Refresh();
            }
            finally
            {
                CompilationPipeline.compilationStarted -= OnCompilationStarted;
                s_recording = null;
            }
            // Unity may begin the compile on a later editor frame; changed scripts always lead to one.
            bool compileStarted = recording.CompileStarted || recording.ScriptsChanged || EditorApplication.isCompiling;
            var imported = new JArray();
            foreach (string path in recording.Imported)
                if (imported.Count < MaxListedPaths)
                    imported.Add(path);
            return new JObject
            {
                { "observed", new JObject
                    {
                        { "imported", imported }, { "importedCount", recording.Imported.Count },
                        { "truncated", recording.Imported.Count > MaxListedPaths }, { "compileStarted", compileStarted },
                    } },
            };
        }
    }

    // Unity finds this class by type and calls its static OnPostprocessAllAssets after every import.
    sealed class AssetRefreshRecorder : AssetPostprocessor
    {
        static void OnPostprocessAllAssets(string[] importedAssets, string[] deletedAssets, string[] movedAssets, string[] movedFromAssetPaths)
        {
            AssetRefreshPrimitive.Record(importedAssets, deletedAssets, movedAssets);
        }
    }
}
