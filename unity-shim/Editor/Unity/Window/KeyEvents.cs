// Ending a key event in the panel's text field: it travels no further and the field does not act on
// it (no newline after a send), with whichever API the running Unity has for that.
using UnityEngine.UIElements;

namespace AgentPanel.Editor
{
    static class KeyEvents
    {
        public static void Swallow(KeyDownEvent key, VisualElement field)
        {
            key.StopPropagation();
#if UNITY_6000_0_OR_NEWER
            // PreventDefault is [Obsolete] from 6000.0, where its own body is these two calls.
            FocusController focus = field.focusController;
            if (focus != null)
                focus.IgnoreEvent(key);
#else
            key.PreventDefault();
#endif
        }
    }
}
