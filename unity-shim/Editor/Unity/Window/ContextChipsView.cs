// The context chips above the composer (a click attaches or detaches one, the console chip asks Claude to
// fix it) and the composer taking dropped assets and GameObjects as chips. Drawn again only on a change.
using System;
using System.Collections.Generic;
using AgentPanel.Editor.Primitives;
using AgentPanel.Panel;
using UnityEditor;
using UnityEngine;
using UnityEngine.UIElements;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor
{
    sealed class ContextChipsView
    {
        readonly PanelCommands m_commands;
        readonly Action<string> m_send;
        string m_shownKey;

        public ContextChipsView(PanelCommands commands, Action<string> send)
        {
            m_commands = commands;
            m_send = send;
            Element = Labels.Row("uap-context-chips");
        }

        // Always in the window, and empty (taking no room) while the host offers no chip.
        public VisualElement Element { get; private set; }

        public void Render(ContextChips chips)
        {
            string key = chips.Key;
            if (key == m_shownKey)
                return;
            m_shownKey = key;
            Element.Clear();
            if (chips.Items.Count == 0)
                return;
            Element.Add(Labels.Classed(Labels.Text(chips.Summary), "uap-context-summary"));
            foreach (ContextChip chip in chips.Items)
            {
                string id = chip.Id;
                VisualElement element = Labels.Row("uap-context-chip");
                element.EnableInClassList("uap-context-chip-attached", chip.Attached);
                element.Add(new Button(() => m_send(chips.Toggle(m_commands, id))) { text = PanelText.Literal(chip.Display), tooltip = PanelText.Tooltip(chip.Tooltip) });
                if (chip.Kind == "console")
                    element.Add(new Button(() => m_send(chips.AskToFix(m_commands))) { text = PanelStrings.Get("chips.ask_to_fix") });
                Element.Add(element);
            }
        }

        // Anything dropped on the composer (the chips and the message box) that the host can take becomes
        // a chip; a drag of text is left to the message box. TrickleDown: decided before the field sees it.
        public void AcceptDrops(VisualElement composer)
        {
            composer.RegisterCallback<DragUpdatedEvent>(OnDragUpdated, TrickleDown.TrickleDown);
            composer.RegisterCallback<DragPerformEvent>(OnDragPerform, TrickleDown.TrickleDown);
        }

        void OnDragUpdated(DragUpdatedEvent drag)
        {
            if (!Dragged().Exists(ContextChips.Accepts))
                return;
            DragAndDrop.visualMode = DragAndDropVisualMode.Copy;
            drag.StopPropagation();
        }

        void OnDragPerform(DragPerformEvent drop)
        {
            List<string> commands = ContextChips.Dropped(m_commands, Dragged());
            if (commands.Count == 0)
                return;
            DragAndDrop.AcceptDrag();
            commands.ForEach(m_send);
            drop.StopPropagation();
        }

        // An asset by its project path (a prefab too); a GameObject, or a component's, in a scene by its
        // hierarchy path, named as every hierarchy answer of the bridge names it.
        static List<DroppedThing> Dragged()
        {
            var things = new List<DroppedThing>();
            foreach (Object dragged in DragAndDrop.objectReferences ?? new Object[0])
            {
                if (dragged == null)
                    continue;
                string assetPath = AssetDatabase.GetAssetPath(dragged) ?? string.Empty;
                var component = dragged as Component;
                GameObject gameObject = component != null ? component.gameObject : dragged as GameObject;
                bool inScene = assetPath.Length == 0 && gameObject != null;
                things.Add(new DroppedThing { AssetPath = assetPath, HierarchyPath = inScene ? SceneObjects.PathOf(gameObject.transform) : string.Empty });
            }
            return things;
        }
    }
}
