// console.read/clear through the Console window's own store, UnityEditor.LogEntries, which is
// internal: it is reached by reflection, and every missing member fails with a clear message
// naming the Unity version instead of a guess (Editor/Mono/LogEntries.bindings.cs, 2022.3).
using System;
using System.Reflection;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Primitives
{
    static class ConsolePrimitives
    {
        // ConsoleWindow.ConsoleFlags bits (Editor/Mono/ConsoleWindow.cs, the same on 2022.3 to 6000.5): the
        // Console's type toggles and Collapse filter what StartGettingEntries exposes.
        const int CollapseFlag = 1 << 0, ShowLogs = 1 << 7, ShowWarnings = 1 << 8, ShowErrors = 1 << 9;

        // LogMessageFlags bits from the same file.
        const int Error = 1 << 0, Assert = 1 << 1, Log = 1 << 2, Fatal = 1 << 4, AssetImportError = 1 << 6, AssetImportWarning = 1 << 7,
                  ScriptingError = 1 << 8, ScriptingWarning = 1 << 9, ScriptingLog = 1 << 10, ScriptCompileError = 1 << 11,
                  ScriptCompileWarning = 1 << 12, ScriptingException = 1 << 17, ScriptingAssertion = 1 << 21;

        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("console.read", Read);
            table.Add("console.clear", Clear);
        }

        sealed class LogStore
        {
            public Type Entries, Entry;
            public MethodInfo Start, End, GetEntry, Clear, GetCount, SetFilteringText, GetFilteringText;
            public PropertyInfo ConsoleFlags;
            public FieldInfo Message, Mode;
        }

        static LogStore Store()
        {
            Assembly editor = typeof(EditorWindow).Assembly;
            var store = new LogStore
            {
                Entries = editor.GetType("UnityEditor.LogEntries"),
                Entry = editor.GetType("UnityEditor.LogEntry"),
            };
            const BindingFlags statics = BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic;
            const BindingFlags fields = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;
            if (store.Entries != null && store.Entry != null)
            {
                store.Start = store.Entries.GetMethod("StartGettingEntries", statics);
                store.End = store.Entries.GetMethod("EndGettingEntries", statics);
                store.GetEntry = store.Entries.GetMethod("GetEntryInternal", statics);
                store.Clear = store.Entries.GetMethod("Clear", statics);
                store.GetCount = store.Entries.GetMethod("GetCount", statics);
                store.ConsoleFlags = store.Entries.GetProperty("consoleFlags", statics);
                store.SetFilteringText = store.Entries.GetMethod("SetFilteringText", statics);
                store.GetFilteringText = store.Entries.GetMethod("GetFilteringText", statics);
                store.Message = store.Entry.GetField("message", fields);
                store.Mode = store.Entry.GetField("mode", fields);
            }
            if (store.Start == null || store.End == null || store.GetEntry == null || store.Clear == null || store.Message == null || store.Mode == null ||
                store.ConsoleFlags == null || store.SetFilteringText == null || store.GetFilteringText == null)
                throw PrimitiveError.Unsupported("this Unity (" + Application.unityVersion + ") changed its internal console store (UnityEditor.LogEntries); " +
                                                 "console access needs an update of the Agent Panel package");
            return store;
        }

        static string Kind(int mode)
        {
            if ((mode & ScriptingException) != 0) return "exception";
            if ((mode & (Assert | ScriptingAssertion)) != 0) return "assert";
            if ((mode & (Error | Fatal | AssetImportError | ScriptingError | ScriptCompileError)) != 0) return "error";
            if ((mode & (ScriptingWarning | ScriptCompileWarning | AssetImportWarning)) != 0) return "warning";
            return "log";
        }

        static JObject Read(JObject parameters)
        {
            JArray typesFilter = parameters["types"] as JArray;
            string contains = Params.OptionalString(parameters, "contains", null);
            long sinceId = Params.OptionalInteger(parameters, "sinceId", -1, -1, long.MaxValue);
            int limit = (int)Params.OptionalInteger(parameters, "limit", 100, 1, 1000);
            LogStore store = Store();
            var entries = new JArray();
            // The Console's own filters (type toggles, Collapse, search text) decide which rows the store
            // exposes; an agent must see every entry whatever the user chose to hide, so they are lifted for
            // the read and the user's choice is put back in the finally below.
            int userFlags = (int)store.ConsoleFlags.GetValue(null, null);
            string userSearch = (string)store.GetFilteringText.Invoke(null, null);
            int count = 0;
            bool started = false;
            try
            {
                store.ConsoleFlags.SetValue(null, (userFlags | ShowLogs | ShowWarnings | ShowErrors) & ~CollapseFlag, null);
                store.SetFilteringText.Invoke(null, new object[] { string.Empty });
                count = (int)store.Start.Invoke(null, null);
                started = true;
                object entry = Activator.CreateInstance(store.Entry, true);
                // Row index is the id: stable until the console is cleared (console.clear restarts ids at 0).
                for (int row = (int)Math.Max(0, sinceId + 1); row < count; ++row)
                {
                    if (!(bool)store.GetEntry.Invoke(null, new[] { (object)row, entry }))
                        continue;
                    string message = (string)store.Message.GetValue(entry);
                    string kind = Kind((int)store.Mode.GetValue(entry));
                    if (typesFilter != null && typesFilter.Count > 0 && !typesFilter.Contains(kind) && !ContainsString(typesFilter, kind))
                        continue;
                    if (contains != null && (message == null || message.IndexOf(contains, StringComparison.OrdinalIgnoreCase) < 0))
                        continue;
                    entries.Add(new JObject { { "id", row }, { "type", kind }, { "message", message } });
                    if (entries.Count > limit)
                        entries.RemoveAt(0); // newest last: keep the last `limit` matches
                }
            }
            finally
            {
                if (started)
                    store.End.Invoke(null, null);
                store.ConsoleFlags.SetValue(null, userFlags, null);
                store.SetFilteringText.Invoke(null, new object[] { userSearch ?? string.Empty });
            }
            return new JObject { { "entries", entries }, { "lastId", count - 1 }, { "consoleFiltersBypassed", true } };
        }

        static bool ContainsString(JArray array, string value)
        {
            foreach (JToken item in array)
                if (item.Type == JTokenType.String && (string)item == value)
                    return true;
            return false;
        }

        static JObject Clear(JObject parameters)
        {
            LogStore store = Store();
            store.Clear.Invoke(null, null);
            int remaining = store.GetCount != null ? (int)store.GetCount.Invoke(null, null) : -1;
            // Sticky entries (compile errors) survive a clear, as in the Console window.
            return new JObject { { "observed", new JObject { { "remaining", remaining } } } };
        }
    }
}
