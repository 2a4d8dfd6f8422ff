// Tells the host when the selection changes (event selectionChanged): the first objects as the
// selection primitives describe them, and how many there are in all.
using AgentPanel.Editor.Primitives;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Events
{
    [InitializeOnLoad]
    static class SelectionEventsRelay
    {
        // Selecting a whole hierarchy must not make one huge frame; the count says how many there were.
        const int MaxListed = 50;

        static SelectionEventsRelay()
        {
            Selection.selectionChanged += OnSelectionChanged;
        }

        static void OnSelectionChanged()
        {
            Object[] objects = Selection.objects;
            BridgeService.SendEditorEvent("selectionChanged", new JObject
            {
                { "objects", SelectionAndMenuPrimitives.Describe(objects, MaxListed) },
                { "count", objects.Length },
            });
        }
    }
}
