// The window's one way to make a label (every text through PanelText.Literal, wrapped; a long one as
// a column of labels each below UI Toolkit's per-label limit) and to give an element the theme's classes.
using System.Collections.Generic;
using AgentPanel.Panel;
using UnityEngine.UIElements;

namespace AgentPanel.Editor
{
    static class Labels
    {
        public static Label Text(string text)
        {
            var label = new Label(PanelText.Literal(text));
            label.style.whiteSpace = WhiteSpace.Normal;
            return label;
        }

        // Text of any length (a reply, a tool's result, a file's content in a card): one label while it
        // fits, else a column of labels of at most LabelChunks.MaxChars characters each.
        public static VisualElement Long(string text)
        {
            if (text == null || text.Length <= LabelChunks.MaxChars)
                return Text(text);
            var column = new VisualElement();
            Show(column, text);
            return column;
        }

        // Shows text in column's labels, keeping the labels already there while their number stays the
        // same (the streamed answer changes ten times a second).
        public static void Show(VisualElement column, string text)
        {
            List<string> pieces = LabelChunks.Stacked(text);
            if (column.childCount != pieces.Count)
            {
                column.Clear();
                pieces.ForEach(piece => column.Add(Text(piece)));
                return;
            }
            for (int index = 0; index < pieces.Count; ++index)
                ((Label)column.hierarchy[index]).text = PanelText.Literal(pieces[index]);
        }

        public static T Classed<T>(T element, params string[] classNames) where T : VisualElement
        {
            foreach (string className in classNames)
                element.AddToClassList(className);
            return element;
        }

        public static VisualElement Row(params string[] classNames)
        {
            var row = Classed(new VisualElement(), classNames);
            row.style.flexDirection = FlexDirection.Row;
            return row;
        }
    }
}
