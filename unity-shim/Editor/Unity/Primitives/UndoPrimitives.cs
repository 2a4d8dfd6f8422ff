// undo.beginGroup/endGroup/collapse/revertGroup on Unity's undo stack.
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace AgentPanel.Editor.Primitives
{
    static class UndoPrimitives
    {
        // Between undo.beginGroup and undo.endGroup the caller's writes share one step. A domain reload
        // forgets it (static state), so a group cut by a reload continues as one step per write.
        public static bool ExplicitGroupOpen { get; private set; }

        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("undo.beginGroup", parameters =>
            {
                string name = Params.RequiredString(parameters, "name");
                ExplicitGroupOpen = true;
                Undo.IncrementCurrentGroup();
                Undo.SetCurrentGroupName(name);
                return new JObject { { "group", Undo.GetCurrentGroup() }, { "name", name } };
            });
            table.Add("undo.endGroup", parameters =>
            {
                ExplicitGroupOpen = false;
                int group = Undo.GetCurrentGroup();
                Undo.IncrementCurrentGroup();
                return new JObject { { "group", group } };
            });
            table.Add("undo.collapse", parameters =>
            {
                int group = (int)Params.RequiredInteger(parameters, "group");
                CheckGroup(group);
                Undo.CollapseUndoOperations(group);
                return new JObject { { "group", group } };
            });
            table.Add("undo.revertGroup", parameters =>
            {
                int group = (int)Params.RequiredInteger(parameters, "group");
                CheckGroup(group);
                Undo.RevertAllDownToGroup(group);
                return new JObject { { "observed", new JObject { { "revertedTo", group }, { "currentGroup", Undo.GetCurrentGroup() } } } };
            });
        }

        static void CheckGroup(int group)
        {
            if (group < 0 || group > Undo.GetCurrentGroup())
                throw PrimitiveError.InvalidParams("params.group " + group + " is not an undo group that exists (the current group is " + Undo.GetCurrentGroup() + ")");
        }
    }
}
