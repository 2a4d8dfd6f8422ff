// Stubs of the UI Toolkit types the editor-window primitives use (never run). Derived from
// Unity-Technologies/UnityCsReference, branch 2022.3, ModuleOverrides/com.unity.ui/Core/ (Modules/
// UIElements/Core/ from 6000.0): Events/NavigationEvents.cs, Events/INotifyValueChanged.cs (in
// Bindings/), Manipulators.cs (Manipulator), MouseManipulator.cs, PointerManipulator.cs, Clickable.cs,
// IMGUIContainer.cs, Controls/BasePopupField.cs, Controls/PopupField.cs, Controls/DropdownField.cs,
// Controls/BaseSlider.cs, Controls/Slider.cs; EventModifiers from Modules/IMGUI/EventEnums.cs and
// Rect's members from Runtime/Export/Geometry/Rect.cs, GUIContent from Modules/IMGUI/GUIContent.cs and
// Texture2D.SetPixels (the window capture) from Runtime/Export/Graphics/Texture.cs.
// Class chains are Unity's; only the members the package uses are declared.
using System;
using System.Collections.Generic;

namespace UnityEngine
{
    [Flags]
    public enum EventModifiers { None = 0, Shift = 1, Control = 2, Alt = 4, Command = 8, Numeric = 16, CapsLock = 32, FunctionKey = 64 }

    public partial struct Rect
    {
        public float x { get { throw new NotImplementedException(); } set { } }
        public float y { get { throw new NotImplementedException(); } set { } }
        public float width { get { throw new NotImplementedException(); } set { } }
        public float height { get { throw new NotImplementedException(); } set { } }
    }

    public sealed partial class Texture2D
    {
        public void SetPixels(Color[] colors) { }
    }
}

namespace UnityEngine.UIElements
{
    public interface INotifyValueChanged<T>
    {
        T value { get; set; }
    }

    public abstract class NavigationEventBase<T> : EventBase<T> where T : NavigationEventBase<T>, new()
    {
        public static T GetPooled(EventModifiers modifiers = EventModifiers.None) { throw new NotImplementedException(); }
    }

    public class NavigationSubmitEvent : NavigationEventBase<NavigationSubmitEvent> { }

    public abstract class Manipulator { }

    public abstract class MouseManipulator : Manipulator { }

    public abstract class PointerManipulator : MouseManipulator { }

    public class Clickable : PointerManipulator
    {
        public Clickable(Action handler) { }
        public event Action clicked { add { } remove { } }
        public event Action<EventBase> clickedWithEventInfo { add { } remove { } }
    }

    public class IMGUIContainer : VisualElement, IDisposable
    {
        public IMGUIContainer() { }
        public void Dispose() { }
    }

    public abstract class BasePopupField<TValueType, TValueChoice> : BaseField<TValueType>
    {
        internal BasePopupField() { }
        public virtual List<TValueChoice> choices { get { throw new NotImplementedException(); } set { } }
    }

    public partial class PopupField<T> : BasePopupField<T, T>
    {
        public PopupField() { }
    }

    public partial class DropdownField : PopupField<string>
    {
        public DropdownField() { }
    }

    public abstract class BaseSlider<TValueType> : BaseField<TValueType>
    {
        internal BaseSlider() { }
        public TValueType lowValue { get { throw new NotImplementedException(); } set { } }
        public TValueType highValue { get { throw new NotImplementedException(); } set { } }
    }

    public class Slider : BaseSlider<float>
    {
        public Slider() { }
    }
}
