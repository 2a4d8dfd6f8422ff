// The window's one way to make a label (every text through PanelText.Literal, wrapped) and to give
// an element the theme's classes.
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
