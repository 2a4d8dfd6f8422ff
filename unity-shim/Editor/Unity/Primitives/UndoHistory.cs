// The editor's undo history as far as Unity lets a package read it: the names of the performed
// steps, oldest first. Unity keeps the list internal, so it is reached by reflection and may be absent.
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using UnityEditor;

namespace AgentPanel.Editor.Primitives
{
    static class UndoHistory
    {
        // The performed steps (not those that can be redone), oldest first; null when this Unity
        // version has no Undo.GetUndoList(List<string>, out int) to read them with.
        public static List<string> PerformedSteps()
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
            int cursor = System.Math.Max(0, System.Math.Min((int)arguments[1], steps.Count));
            return steps.Take(cursor).Select(step => step.Replace("\n", "")).ToList();
        }

        // The newest performed step's name, empty when there is none, null when the history cannot be read.
        public static string NewestStep()
        {
            List<string> steps = PerformedSteps();
            return steps == null ? null : steps.Count > 0 ? steps[steps.Count - 1] : string.Empty;
        }
    }
}
