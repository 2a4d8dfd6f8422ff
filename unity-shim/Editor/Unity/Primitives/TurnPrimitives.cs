// turn.begin / turn.end / turn.revert: an agent turn's writes become one named Undo step, revertible
// while it is the newest, and asset auto-refresh is held for the turn (AssetDatabase's counted
// DisallowAutoRefresh; assembly reloads are never locked) and released with one refresh at its end,
// or by ReleaseAllHolds when the host disconnects.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace AgentPanel.Editor.Primitives
{
    static class TurnPrimitives
    {
        // Survive domain reloads with the native refresh counter they mirror: the groups whose turn holds
        // a refresh, the turns begun (group → name), the ended ones, and the release refreshes made.
        const string HeldKey = "AgentPanel.Turns.Held";
        const string BegunKey = "AgentPanel.Turns.Begun";
        const string EndedKey = "AgentPanel.Turns.Ended";
        const string RefreshesKey = "AgentPanel.Turns.ReleaseRefreshes";
        const int RememberedTurns = 64;

        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("turn.begin", Begin);
            table.Add("turn.end", End);
            table.Add("turn.revert", Revert);
        }

        // editor.state's autoRefresh: the holds this editor keeps for the host's turns.
        public static JObject AutoRefreshState()
        {
            return new JObject { { "holds", Load(HeldKey).Count }, { "releaseRefreshes", SessionState.GetInt(RefreshesKey, 0) } };
        }

        // The host is gone: give the user's imports back, with one refresh.
        public static void ReleaseAllHolds()
        {
            List<string> held = Load(HeldKey);
            if (held.Count == 0)
                return;
            foreach (string group in held)
                AssetDatabase.AllowAutoRefresh();
            Save(HeldKey, new List<string>());
            RefreshOnce();
        }

        static JObject Begin(JObject parameters)
        {
            string name = Params.RequiredString(parameters, "name");
            bool hold = Params.OptionalBoolean(parameters, "holdRefresh", true);
            Undo.IncrementCurrentGroup();
            Undo.SetCurrentGroupName(name);
            int group = Undo.GetCurrentGroup();
            List<string> begun = Load(BegunKey);
            begun.Add(group + "=" + name);
            Save(BegunKey, begun.Skip(Math.Max(0, begun.Count - RememberedTurns)).ToList());
            List<string> held = Load(HeldKey);
            if (hold)
            {
                AssetDatabase.DisallowAutoRefresh();
                held.Add(group.ToString());
                Save(HeldKey, held);
            }
            return new JObject { { "group", group }, { "refreshHolds", held.Count } };
        }

        static JObject End(JObject parameters)
        {
            int group = (int)Params.RequiredInteger(parameters, "group");
            string name = Params.RequiredString(parameters, "name");
            if (BegunName(group) == null)
                throw PrimitiveError.NotFound("undo group " + group + " was not started by turn.begin; nothing was changed");
            List<string> ended = Load(EndedKey);
            bool refreshed = false;
            bool recorded = true;
            if (!ended.Contains(group.ToString()))
            {
                // The turn's groups (its own and any later ones: batches, tool steps) become one step with its name.
                Undo.SetCurrentGroupName(name);
                Undo.CollapseUndoOperations(group);
                Undo.IncrementCurrentGroup();
                ended.Add(group.ToString());
                Save(EndedKey, ended.Skip(Math.Max(0, ended.Count - RememberedTurns)).ToList());
                List<string> held = Load(HeldKey);
                if (held.Remove(group.ToString()) && Params.OptionalBoolean(parameters, "releaseRefresh", true))
                {
                    Save(HeldKey, held);
                    AssetDatabase.AllowAutoRefresh();
                    if (held.Count == 0)
                    {
                        RefreshOnce();
                        refreshed = true;
                    }
                }
            }
            string newest = NewestUndoStep();
            if (newest != null)
                recorded = newest == name;
            return new JObject { { "group", group }, { "recorded", recorded }, { "refreshed", refreshed }, { "refreshHolds", Load(HeldKey).Count } };
        }

        static JObject Revert(JObject parameters)
        {
            int group = (int)Params.RequiredInteger(parameters, "group");
            string name = Params.RequiredString(parameters, "name");
            if (BegunName(group) != name)
                throw PrimitiveError.NotFound("no agent turn '" + name + "' began with undo group " + group + "; nothing was reverted");
            if (!Load(EndedKey).Contains(group.ToString()))
                throw PrimitiveError.Conflict("'" + name + "' has not ended yet (turn.end was not called); nothing was reverted");
            string newest = NewestUndoStep();
            if (newest == null)
                throw PrimitiveError.Unsupported("this Unity version does not expose its undo history, so it cannot be checked that '" + name +
                                                 "' is the newest step; nothing was reverted. Use Edit > Undo in the editor");
            if (newest != name)
                throw PrimitiveError.Conflict("'" + name + "' is no longer the newest undo step (the newest is '" + newest +
                                              "'); nothing was reverted. Undo the later changes first with Edit > Undo in the editor");
            Undo.RevertAllDownToGroup(group);
            return new JObject { { "observed", new JObject { { "reverted", NewestUndoStep() != name } } } };
        }

        static void RefreshOnce()
        {
            AssetDatabase.Refresh();
            SessionState.SetInt(RefreshesKey, SessionState.GetInt(RefreshesKey, 0) + 1);
        }

        static string BegunName(int group)
        {
            string prefix = group + "=";
            foreach (string entry in Load(BegunKey))
                if (entry.StartsWith(prefix, StringComparison.Ordinal))
                    return entry.Substring(prefix.Length);
            return null;
        }

        // The newest performed step's name: Undo.GetUndoList is internal (oldest first; entries before
        // the cursor are performed, the rest can be redone), so it is reached by reflection; null when
        // this Unity version has no such method.
        static string NewestUndoStep()
        {
            MethodInfo method = typeof(Undo).GetMethods(BindingFlags.Static | BindingFlags.NonPublic | BindingFlags.Public)
                .FirstOrDefault(candidate => candidate.Name == "GetUndoList" && candidate.GetParameters().Length >= 2 &&
                                             candidate.GetParameters()[0].ParameterType == typeof(List<string>));
            if (method == null)
                return null;
            var steps = new List<string>();
            object[] arguments = method.GetParameters().Select(parameter => parameter.HasDefaultValue ? parameter.DefaultValue : null).ToArray();
            arguments[0] = steps;
            arguments[1] = 0;
            method.Invoke(null, arguments);
            int cursor = (int)arguments[1];
            return cursor > 0 && cursor <= steps.Count ? steps[cursor - 1].Replace("\n", "") : string.Empty;
        }

        static List<string> Load(string key)
        {
            string text = SessionState.GetString(key, string.Empty);
            return text.Length == 0 ? new List<string>() : text.Split('\n').ToList();
        }

        static void Save(string key, List<string> entries) { SessionState.SetString(key, string.Join("\n", entries)); }
    }
}
