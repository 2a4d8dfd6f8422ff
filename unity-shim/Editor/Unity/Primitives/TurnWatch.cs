// What the user does in the editor while an agent turn runs: the undo steps that appear between the
// package's own calls are the user's (Unity records no author), so the turn's step can leave them out.
// Kept in SessionState, since a turn outlives domain reloads.
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace AgentPanel.Editor.Primitives
{
    sealed class TurnWatch
    {
        const string Key = "AgentPanel.Turns.Watch";

        public int Group;                // The turn's own undo group (turn.begin).
        public int FirstWriteGroup;      // The group of the agent's first call that recorded a step; 0 before it.
        public int StepsAfterAgent;      // Performed steps after the agent's latest call.
        public bool Readable = true;     // False when this Unity version hides its undo history.
        public bool Interleaved;         // A user step (or an undo) came after the agent's first write.
        public List<string> UserSteps = new List<string>();

        public static void Start(int group)
        {
            List<string> steps = UndoHistory.PerformedSteps();
            Save(new TurnWatch { Group = group, StepsAfterAgent = steps == null ? 0 : steps.Count, Readable = steps != null });
        }

        // Before each primitive call: whatever the history gained since the agent's latest call is the user's.
        public static void BeforeAgentCall()
        {
            TurnWatch watch = Load();
            if (watch == null)
                return;
            watch.NoteUsersSteps();
            Save(watch);
        }

        // After it: the steps it added are the agent's; group is the undo group the call ran in.
        public static void AfterAgentCall(int group)
        {
            TurnWatch watch = Load();
            if (watch == null || !watch.Readable)
                return;
            List<string> steps = UndoHistory.PerformedSteps();
            if (steps.Count > watch.StepsAfterAgent && watch.FirstWriteGroup == 0)
                watch.FirstWriteGroup = group;
            watch.StepsAfterAgent = steps.Count;
            Save(watch);
        }

        // turn.end: the watch of that turn, with the user's steps since the agent's last call, and no more watching.
        public static TurnWatch Finish(int group)
        {
            TurnWatch watch = Load();
            if (watch == null || watch.Group != group)
                return null;
            watch.NoteUsersSteps();
            SessionState.EraseString(Key);
            return watch;
        }

        void NoteUsersSteps()
        {
            if (!Readable)
                return;
            List<string> steps = UndoHistory.PerformedSteps();
            if (steps.Count == StepsAfterAgent)
                return;
            if (steps.Count > StepsAfterAgent)
                UserSteps.AddRange(steps.GetRange(StepsAfterAgent, steps.Count - StepsAfterAgent));
            else
                UserSteps.Add("Edit > Undo of " + (StepsAfterAgent - steps.Count) + " step(s)");
            if (FirstWriteGroup != 0)
                Interleaved = true;
            StepsAfterAgent = steps.Count;
        }

        static TurnWatch Load()
        {
            string text = SessionState.GetString(Key, string.Empty);
            if (text.Length == 0)
                return null;
            JObject stored = JObject.Parse(text);
            return new TurnWatch
            {
                Group = (int)stored["group"],
                FirstWriteGroup = (int)stored["firstWriteGroup"],
                StepsAfterAgent = (int)stored["stepsAfterAgent"],
                Readable = (bool)stored["readable"],
                Interleaved = (bool)stored["interleaved"],
                UserSteps = stored["userSteps"].ToObject<List<string>>(),
            };
        }

        static void Save(TurnWatch watch)
        {
            var stored = new JObject
            {
                { "group", watch.Group }, { "firstWriteGroup", watch.FirstWriteGroup }, { "stepsAfterAgent", watch.StepsAfterAgent },
                { "readable", watch.Readable }, { "interleaved", watch.Interleaved }, { "userSteps", new JArray(watch.UserSteps) },
            };
            SessionState.SetString(Key, stored.ToString(Newtonsoft.Json.Formatting.None));
        }
    }
}
