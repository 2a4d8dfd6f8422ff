// Stubs of the UI Toolkit types the Agent Panel window uses (never run). Derived from
// Unity-Technologies/UnityCsReference, branch 2022.3, ModuleOverrides/com.unity.ui/Core/:
//   Events/EventHandler.cs (CallbackEventHandler.RegisterCallback), Events/EventCallback.cs,
//   Events/EventCallbackRegistry.cs (TrickleDown), Events/EventBase.cs, Events/KeyboardEvents.cs,
//   FocusController.cs (Focusable), VisualElementHierarchy.cs, VisualElementStyleAccess.cs,
//   VisualElementScheduler.cs, BindableElement.cs, TextElement.cs, Controls/Label.cs, Controls/Button.cs,
//   Controls/ScrollView.cs, Controls/InputField/BaseField.cs, TextInputFieldBase.cs, TextField.cs,
//   Style/Generated/IStyle.cs, Style/StyleFloat.cs, Style/StyleEnum.cs, Style/StyleLength.cs, StyleEnums.cs
//   (Position's values are Yoga's, External/Yoga/csharp/Facebook.Yoga/YogaPositionType.cs), VisualElement.cs
//   (layout); FontStyle from Modules/TextRendering/FontStyle.cs.
// Class chains are Unity's; only the members the package uses are declared.
using System;

namespace UnityEngine.UIElements
{
    public delegate void EventCallback<in TEventType>(TEventType evt);

    public enum TrickleDown { NoTrickleDown = 0, TrickleDown = 1 }

    public abstract class EventBase : IDisposable
    {
        public IEventHandler target { get { throw new NotImplementedException(); } set { } }
        public void StopPropagation() { }
#if UNITY_6000_0_OR_NEWER
        [Obsolete("Use StopPropagation and/or FocusController.IgnoreEvent. Before proceeding, make sure you understand the latest changes to UIToolkit event propagation rules by visiting Unity's manual page https://docs.unity3d.com/Manual/UIE-Events-Dispatching.html")]
#endif
        public void PreventDefault() { }
        public void Dispose() { }
    }

    public abstract class EventBase<T> : EventBase where T : EventBase<T>, new() { }

    public abstract class KeyboardEventBase<T> : EventBase<T> where T : KeyboardEventBase<T>, new()
    {
        public char character { get { throw new NotImplementedException(); } protected set { } }
        public KeyCode keyCode { get { throw new NotImplementedException(); } protected set { } }
        public bool shiftKey { get { throw new NotImplementedException(); } }
        public bool ctrlKey { get { throw new NotImplementedException(); } }
        public bool commandKey { get { throw new NotImplementedException(); } }
        public bool altKey { get { throw new NotImplementedException(); } }
    }

    public class KeyDownEvent : KeyboardEventBase<KeyDownEvent> { }

    // Events/IEventHandler.cs: only what the package calls through CallbackEventHandler is declared.
    public interface IEventHandler { }

    public abstract class CallbackEventHandler : IEventHandler
    {
        public abstract void SendEvent(EventBase e);
        public void RegisterCallback<TEventType>(EventCallback<TEventType> callback, TrickleDown useTrickleDown = TrickleDown.NoTrickleDown)
            where TEventType : EventBase<TEventType>, new() { }
    }

    public abstract class Focusable : CallbackEventHandler
    {
        public abstract FocusController focusController { get; }
        public virtual void Focus() { }
        // An auto-property on 2022.3, virtual (it notifies bindings) from 6000.0.
#if UNITY_6000_0_OR_NEWER
        public virtual bool focusable { get { throw new NotImplementedException(); } set { } }
#else
        public bool focusable { get { throw new NotImplementedException(); } set { } }
#endif
    }

    public class FocusController
    {
        internal FocusController() { }
        public Focusable focusedElement { get { throw new NotImplementedException(); } }
#if UNITY_6000_0_OR_NEWER
        public void IgnoreEvent(EventBase evt) { }
#endif
    }

    public interface IVisualElementScheduledItem
    {
        IVisualElementScheduledItem Every(long intervalMs);
    }

    public interface IVisualElementScheduler
    {
        IVisualElementScheduledItem Execute(Action updateEvent);
    }

    public enum FlexDirection { Column = 0, ColumnReverse = 1, Row = 2, RowReverse = 3 }

    public enum WhiteSpace { Normal = 0, NoWrap = 1 }

    // StyleEnums.cs: Wrap's values are Yoga's (External/Yoga/csharp/Facebook.Yoga/YogaWrap.cs).
    public enum Wrap { NoWrap = 0, Wrap = 1, WrapReverse = 2 }

    public struct StyleFloat
    {
        public static implicit operator StyleFloat(float v) { throw new NotImplementedException(); }
    }

    public struct StyleLength
    {
        public static implicit operator StyleLength(float v) { throw new NotImplementedException(); }
    }

    public enum Position { Relative = 0, Absolute = 1 }

    public struct StyleEnum<T> where T : struct, IConvertible
    {
        public static implicit operator StyleEnum<T>(T v) { throw new NotImplementedException(); }
    }

    public interface IStyle
    {
        StyleEnum<FlexDirection> flexDirection { get; set; }
        StyleFloat flexGrow { get; set; }
        StyleEnum<WhiteSpace> whiteSpace { get; set; }
        StyleEnum<Wrap> flexWrap { get; set; }
        StyleEnum<FontStyle> unityFontStyleAndWeight { get; set; }
        StyleEnum<Position> position { get; set; }
        StyleLength top { get; set; }
        StyleLength left { get; set; }
        StyleLength right { get; set; }
        StyleLength height { get; set; }
    }

    public partial class VisualElement : Focusable
    {
        public virtual VisualElement contentContainer { get { throw new NotImplementedException(); } }
        public override FocusController focusController { get { throw new NotImplementedException(); } }
        public void Add(VisualElement child) { }
        public void Remove(VisualElement element) { }
        public void RemoveAt(int index) { }
        public void Clear() { }
        public int childCount { get { throw new NotImplementedException(); } }
        public IStyle style { get { throw new NotImplementedException(); } }
        public IVisualElementScheduler schedule { get { throw new NotImplementedException(); } }
        public sealed override void SendEvent(EventBase e) { }
        // VisualElement.cs and VisualElementHierarchy.cs: what the window primitives walk and report.
        public string name { get { throw new NotImplementedException(); } set { } }
        public Hierarchy hierarchy { get { throw new NotImplementedException(); } }
        public System.Collections.Generic.IEnumerable<string> GetClasses() { throw new NotImplementedException(); }
        public void AddToClassList(string className) { }
        public bool enabledInHierarchy { get { throw new NotImplementedException(); } }
        public Rect worldBound { get { throw new NotImplementedException(); } }
        public Rect layout { get { throw new NotImplementedException(); } }
        public bool Contains(VisualElement child) { throw new NotImplementedException(); }
        public T GetFirstOfType<T>() where T : class { throw new NotImplementedException(); }

        public struct Hierarchy
        {
            public int childCount { get { throw new NotImplementedException(); } }
            public VisualElement this[int key] { get { throw new NotImplementedException(); } }
        }
    }

    public class BindableElement : VisualElement { }

    public class TextElement : BindableElement
    {
        public virtual string text { get { throw new NotImplementedException(); } set { } }
        public bool enableRichText { get { throw new NotImplementedException(); } set { } }
        public bool parseEscapeSequences { get { throw new NotImplementedException(); } set { } }
    }

    public class Label : TextElement
    {
        public Label() { }
        public Label(string text) { }
    }

    public class Button : TextElement
    {
        public Button(Action clickEvent) { }
        public Clickable clickable { get { throw new NotImplementedException(); } set { } }
    }

    public class ScrollView : VisualElement
    {
        public ScrollView() { }
        public override VisualElement contentContainer { get { throw new NotImplementedException(); } }
        public Vector2 scrollOffset { get { throw new NotImplementedException(); } set { } }
        public VisualElement contentViewport { get { throw new NotImplementedException(); } }
    }

    public abstract partial class BaseField<TValueType> : BindableElement, INotifyValueChanged<TValueType>
    {
        internal BaseField() { }
        public virtual TValueType value { get { throw new NotImplementedException(); } set { } }
    }

    // ModuleOverrides/com.unity.ui/Core/Controls/BaseBoolField.cs and Toggle.cs (2022.3);
    // Modules/UIElements/Core/Controls/ from 6000.0.
    public abstract class BaseBoolField : BaseField<bool>
    {
        public BaseBoolField(string label) { }
    }

    public class Toggle : BaseBoolField
    {
        public Toggle() : base(null) { }
        public Toggle(string label) : base(label) { }
    }

    // ModuleOverrides/com.unity.ui/Core/Controls/RadioButtonGroup.cs (2022.3); Modules/UIElements/Core/Controls/
    // from 6000.0. Its value is the chosen index, -1 until something is chosen.
    public class RadioButtonGroup : BaseField<int>
    {
        public RadioButtonGroup() { }
        public RadioButtonGroup(string label, System.Collections.Generic.List<string> radioButtonChoices = null) { }
    }

    // ModuleOverrides/com.unity.ui/Core/Controls/InputField/TextInputFieldBase.cs (2022.3);
    // Modules/UIElements/Core/Controls/InputField/ from 6000.0. The caret is an index in the text shown.
    public abstract class TextInputBaseField<TValueType> : BaseField<TValueType>
    {
        internal TextInputBaseField() { }
        public int cursorIndex { get { throw new NotImplementedException(); } set { } }
        public void SelectRange(int cursorIndex, int selectionIndex) { }
    }

    public class TextField : TextInputBaseField<string>
    {
        public TextField() { }
        public TextField(string label) { }
        public bool multiline { get { throw new NotImplementedException(); } set { } }
        public override string value { get { throw new NotImplementedException(); } set { } }
    }
}
