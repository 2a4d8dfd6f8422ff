// turn.begin / turn.end / turn.revert: an agent turn's writes become one named Undo step, revertible
// while it is the newest, that never takes in the user's own edits made meanwhile (TurnWatch); and
// asset auto-refresh is held for the turn (AssetDatabase's counted
// DisallowAutoRefresh; assembly reloads are never locked) and released with one refresh at its end,
// or by ReleaseAllHolds when the host disconnects.
using System;
using System.Collections.Generic;
using System.Linq;
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
        // Ended turns whose step starts after their own group (group=stepGroup: the user edited before the
        // agent's first write), and those the user's steps interleave (group=step names, tab-separated).
        const string StepGroupsKey = "AgentPanel.Turns.StepGroups";
        const string InterleavedKey = "AgentPanel.Turns.Interleaved";
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
            TurnWatch.Start(group);
            Remember(BegunKey, group + "=" + name);
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
            if (Stored(BegunKey, group) == null)
                throw PrimitiveError.NotFound("undo group " + group + " was not started by turn.begin; nothing was changed");
            List<string> ended = Load(EndedKey);
            bool refreshed = false;
            bool recorded = true;
            TurnWatch watch = null;
            if (!ended.Contains(group.ToString()))
            {
                watch = TurnWatch.Finish(group);
                if (watch == null || !watch.Readable)
                {
                    // Without a readable history the turn's groups (its own and any later ones: batches, tool
                    // steps) become one step with its name, as they did before the user's steps could be told apart.
                    Undo.SetCurrentGroupName(name);
                    Undo.CollapseUndoOperations(group);
                }
                else if (watch.Interleaved)
                {
                    // The user's steps sit between the agent's: one step of the agent's would swallow them, so
                    // the agent's steps stay apart and the turn is not reverted as a whole.
                    Remember(InterleavedKey, group + "=" + string.Join("\t", watch.UserSteps));
                }
                else if (watch.FirstWriteGroup != 0)
                {
                    // The agent's groups become one step with the turn's name; the user's steps from before its
                    // first write stay older steps of their own.
                    Undo.SetCurrentGroupName(name);
                    Undo.CollapseUndoOperations(watch.FirstWriteGroup);
                    if (watch.FirstWriteGroup != group)
                        Remember(StepGroupsKey, group + "=" + watch.FirstWriteGroup);
                }
                Undo.IncrementCurrentGroup();
                Remember(EndedKey, group.ToString());
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
            string newest = UndoHistory.NewestStep();
            if (newest != null)
                recorded = newest == name || Stored(InterleavedKey, group) != null;
            var answer = new JObject { { "group", group }, { "recorded", recorded }, { "refreshed", refreshed }, { "refreshHolds", Load(HeldKey).Count } };
            if (watch != null && watch.Readable)
            {
                answer["userSteps"] = new JArray(watch.UserSteps);
                answer["revertible"] = recorded && !watch.Interleaved;
            }
            return answer;
        }

        static JObject Revert(JObject parameters)
        {
            int group = (int)Params.RequiredInteger(parameters, "group");
            string name = Params.RequiredString(parameters, "name");
            if (Stored(BegunKey, group) != name)
                throw PrimitiveError.NotFound("no agent turn '" + name + "' began with undo group " + group + "; nothing was reverted");
            if (!Load(EndedKey).Contains(group.ToString()))
                throw PrimitiveError.Conflict("'" + name + "' has not ended yet (turn.end was not called); nothing was reverted");
            string interleaved = Stored(InterleavedKey, group);
            if (interleaved != null)
                throw PrimitiveError.Conflict("'" + name + "' cannot be reverted without your own changes made while it ran ('" +
                                              interleaved.Replace("\t", "', '") + "'): Undo takes steps back newest first only, and yours " +
                                              "sit between the agent's; nothing was reverted. Use Edit > Undo in the editor step by step " +
                                              "to choose what to take back");
            string newest = UndoHistory.NewestStep();
            if (newest == null)
                throw PrimitiveError.Unsupported("this Unity version does not expose its undo history, so it cannot be checked that '" + name +
                                                 "' is the newest step; nothing was reverted. Use Edit > Undo in the editor");
            if (newest != name)
                throw PrimitiveError.Conflict("'" + name + "' is no longer the newest undo step (the newest is '" + newest +
                                              "'); nothing was reverted. Undo the later changes first with Edit > Undo in the editor");
            string stepGroup = Stored(StepGroupsKey, group);
            Undo.RevertAllDownToGroup(stepGroup != null ? int.Parse(stepGroup) : group);
            return new JObject { { "observed", new JObject { { "reverted", UndoHistory.NewestStep() != name } } } };
        }

        static void RefreshOnce()
        {
            AssetDatabase.Refresh();
            SessionState.SetInt(RefreshesKey, SessionState.GetInt(RefreshesKey, 0) + 1);
        }

        // The value stored for a turn's group under key, or null.
        static string Stored(string key, int group)
        {
            string prefix = group + "=";
            foreach (string entry in Load(key))
                if (entry.StartsWith(prefix, StringComparison.Ordinal))
                    return entry.Substring(prefix.Length);
            return null;
        }

        static void Remember(string key, string entry)
        {
            List<string> entries = Load(key);
            entries.Add(entry);
            Save(key, entries.Skip(Math.Max(0, entries.Count - RememberedTurns)).ToList());
        }

        static List<string> Load(string key)
        {
            string text = SessionState.GetString(key, string.Empty);
            return text.Length == 0 ? new List<string>() : text.Split('\n').ToList();
        }

        static void Save(string key, List<string> entries) { SessionState.SetString(key, string.Join("\n", entries)); }
    }
}
