// Stubs of the UI Toolkit members the window's context chips use (never run), with Unity's class chains, from UnityCsReference
// 2022.3 ModuleOverrides/com.unity.ui/Core/ (6000.0: Modules/UIElements/Core/): Events/MouseEvents.cs, Events/DragAndDropEvents.cs, VisualElementTooltip.cs.
namespace UnityEngine.UIElements
{
    public abstract class MouseEventBase<T> : EventBase<T> where T : MouseEventBase<T>, new() { }

    public abstract class DragAndDropEventBase<T> : MouseEventBase<T> where T : DragAndDropEventBase<T>, new() { }

    public class DragUpdatedEvent : DragAndDropEventBase<DragUpdatedEvent> { }

    public class DragPerformEvent : DragAndDropEventBase<DragPerformEvent> { }

    public partial class VisualElement
    {
        public string tooltip { get { throw new System.NotImplementedException(); } set { } }
    }
}
