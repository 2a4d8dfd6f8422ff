// Stubs of the UI Toolkit types the Agent Panel window's theme, tool cards and model picker use
// (never run). Derived from Unity-Technologies/UnityCsReference, branch 2022.3,
// ModuleOverrides/com.unity.ui/Core/ (Modules/UIElements/Core/ from 6000.0): Controls/Foldout.cs,
// Controls/PopupField.cs (index), Controls/DropdownField.cs (constructors), Controls/INotifyValueChanged.cs
// (INotifyValueChangedExtensions), Events/ChangeEvent.cs, Controls/InputField/BaseField.cs
// (SetValueWithoutNotify), VisualElement.cs (SetEnabled, EnableInClassList), VisualElementStyleAccess.cs
// (styleSheets), VisualElementStyleSheetSet.cs, StyleSheets/StyleSheet.cs.
// Class chains are Unity's; only the members the package uses are declared.
using System;
using System.Collections.Generic;

namespace UnityEngine.UIElements
{
    public interface IChangeEvent { }

    public class ChangeEvent<T> : EventBase<ChangeEvent<T>>, IChangeEvent
    {
        public T newValue { get { throw new NotImplementedException(); } protected set { } }
    }

    public static class INotifyValueChangedExtensions
    {
        public static bool RegisterValueChangedCallback<T>(this INotifyValueChanged<T> control, EventCallback<ChangeEvent<T>> callback) { throw new NotImplementedException(); }
    }

    public class Foldout : BindableElement, INotifyValueChanged<bool>
    {
        public Foldout() { }
        public string text { get { throw new NotImplementedException(); } set { } }
        public bool value { get { throw new NotImplementedException(); } set { } }
    }

    public class StyleSheet : ScriptableObject { }

    public struct VisualElementStyleSheetSet : IEquatable<VisualElementStyleSheetSet>
    {
        public void Add(StyleSheet styleSheet) { }
        public bool Equals(VisualElementStyleSheetSet other) { throw new NotImplementedException(); }
    }

    public partial class VisualElement
    {
        public VisualElementStyleSheetSet styleSheets { get { throw new NotImplementedException(); } }
        public void SetEnabled(bool value) { }
        public void EnableInClassList(string className, bool enable) { }
    }

    public abstract partial class BaseField<TValueType>
    {
        public virtual void SetValueWithoutNotify(TValueType newValue) { }
    }

    public partial class PopupField<T>
    {
        public int index { get { throw new NotImplementedException(); } set { } }
    }

    public partial class DropdownField
    {
        public DropdownField(string label, List<string> choices, int defaultIndex, Func<string, string> formatSelectedValueCallback = null, Func<string, string> formatListItemCallback = null) { }
    }
}
