// window.list, window.tree, window.click and window.setValue: the open editor windows and their UI
// Toolkit element trees (rootVisualElement), for the Pro window pack; and the window view of
// screenshot.capture. A click is reported only when the button's own handler was seen to run.
using System;
using System.Collections.Generic;
using System.Reflection;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditorInternal;
using UnityEngine;
using UnityEngine.UIElements;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class WindowPrimitives
    {
        // A tree larger than this is refused rather than walked on the main thread; a path narrows it.
        const int MaxWalkedNodes = 50000;
        const int DefaultTreeLimit = 200;

        // Clickable keeps its handlers in the backing fields of two field-like events: clicked (Button's
        // callback) and clickedWithEventInfo (what BaseBoolField and others use). Both are read so that
        // a button with no handler is known, and wrapped for a click so that only the button's own
        // handlers can mark it as run: a subscriber added by us would fire even when none exists.
        static readonly FieldInfo ClickedField = typeof(Clickable).GetField("clicked", BindingFlags.Instance | BindingFlags.NonPublic);
        static readonly FieldInfo ClickedWithInfoField = typeof(Clickable).GetField("clickedWithEventInfo", BindingFlags.Instance | BindingFlags.NonPublic);

        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("window.list", List);
            table.Add("window.tree", Tree);
            table.Add("window.click", Click);
            table.Add("window.setValue", SetValue);
        }

        // Resources.FindObjectsOfTypeAll's order is windowIndex; windowId guards against an index that
        // names another window since the caller listed them.
        static List<EditorWindow> OpenWindows()
        {
            var windows = new List<EditorWindow>();
            foreach (Object found in Resources.FindObjectsOfTypeAll(typeof(EditorWindow)))
            {
                var window = found as EditorWindow;
                if (window != null)
                    windows.Add(window);
            }
            return windows;
        }

        internal static EditorWindow FindWindow(JObject parameters, out int index)
        {
            List<EditorWindow> windows = OpenWindows();
            index = (int)Params.OptionalInteger(parameters, "windowIndex", -1, 0, 100000);
            if (index < 0)
                throw PrimitiveError.InvalidParams("params.windowIndex is required: the windowIndex window.list reports");
            if (index >= windows.Count)
                throw PrimitiveError.NotFound("no editor window has windowIndex " + index + ": " + windows.Count + " are open; list them again with window.list");
            EditorWindow window = windows[index];
            JToken id = parameters["windowId"];
            if (id != null && id.Type == JTokenType.Integer && (long)id != ObjectIds.Of(window))
                throw PrimitiveError.Conflict("windowIndex " + index + " is now '" + window.titleContent.text + "' (windowId " + ObjectIds.Of(window) +
                                              "), not the window with windowId " + (long)id + ": windows opened or closed since it was listed; list them again with window.list");
            return window;
        }

        static JObject Bounds(Rect rect)
        {
            return new JObject { { "x", rect.x }, { "y", rect.y }, { "width", rect.width }, { "height", rect.height } };
        }

        // uitoolkit when the root holds anything but IMGUIContainer, imgui when only that, empty when
        // nothing: OnGUI windows never build their root (measured on nine real windows; the Inspector
        // is mixed and usable).
        static string UiKind(EditorWindow window)
        {
            VisualElement root = window.rootVisualElement;
            if (root == null || root.hierarchy.childCount == 0)
                return "empty";
            for (int child = 0; child < root.hierarchy.childCount; child++)
                if (!(root.hierarchy[child] is IMGUIContainer))
                    return "uitoolkit";
            return "imgui";
        }

        static JObject Describe(EditorWindow window, int index)
        {
            return new JObject
            {
                { "windowIndex", index }, { "windowId", ObjectIds.Of(window) }, { "title", window.titleContent.text ?? "" },
                { "type", window.GetType().FullName }, { "position", Bounds(window.position) }, { "docked", window.docked },
                { "focused", EditorWindow.focusedWindow == window }, { "ui", UiKind(window) },
            };
        }

        static JObject List(JObject parameters)
        {
            var windows = new JArray();
            List<EditorWindow> open = OpenWindows();
            for (int index = 0; index < open.Count; index++)
                windows.Add(Describe(open[index], index));
            return new JObject { { "windows", windows } };
        }

        // Paths are child indices through hierarchy (every child, a control's own parts included), so
        // the same path names the same element whoever walks it.
        static VisualElement Resolve(EditorWindow window, string path)
        {
            VisualElement element = window.rootVisualElement;
            if (string.IsNullOrEmpty(path))
                return element;
            string walked = "";
            foreach (string part in path.Split('/'))
            {
                int index;
                if (part.Length == 0 || part.Length > 6 || !int.TryParse(part, out index) || index < 0 || index >= element.hierarchy.childCount)
                    throw PrimitiveError.NotFound("path segment '" + part + "' after '" + walked + "' names no child: that element has " + element.hierarchy.childCount +
                                                  " children (paths are child indices such as 3/0/1, as window.tree reports them); read the tree again");
                element = element.hierarchy[index];
                walked = walked.Length == 0 ? part : walked + "/" + part;
            }
            return element;
        }

        struct Walked
        {
            public VisualElement Element;
            public string Path;
            public int Depth;
        }

        static void Walk(VisualElement element, string path, int depth, List<Walked> into)
        {
            if (into.Count >= MaxWalkedNodes)
                throw new PrimitiveError(ErrorCodes.ResultTooLarge, "the tree has more than " + MaxWalkedNodes + " elements; read a subtree with params.path");
            into.Add(new Walked { Element = element, Path = path, Depth = depth });
            for (int child = 0; child < element.hierarchy.childCount; child++)
                Walk(element.hierarchy[child], path.Length == 0 ? child.ToString() : path + "/" + child, depth + 1, into);
        }

        // The value of a field (INotifyValueChanged<T> for the T the tools can set). A TextElement's
        // string is its text, reported as text, not as a value.
        static bool ReadValue(VisualElement element, out JToken value, out string valueType)
        {
            value = null;
            valueType = null;
            if (element is TextElement)
                return false;
            var asBool = element as INotifyValueChanged<bool>;
            var asInt = element as INotifyValueChanged<int>;
            var asLong = element as INotifyValueChanged<long>;
            var asFloat = element as INotifyValueChanged<float>;
            var asDouble = element as INotifyValueChanged<double>;
            var asString = element as INotifyValueChanged<string>;
            var asEnum = element as INotifyValueChanged<Enum>;
            if (asBool != null) { value = asBool.value; valueType = "bool"; }
            else if (asInt != null) { value = asInt.value; valueType = "int"; }
            else if (asLong != null) { value = asLong.value; valueType = "long"; }
            else if (asFloat != null) { value = asFloat.value; valueType = "float"; }
            else if (asDouble != null) { value = asDouble.value; valueType = "double"; }
            else if (asString != null) { value = asString.value ?? ""; valueType = "string"; }
            else if (asEnum != null) { value = asEnum.value == null ? "" : asEnum.value.ToString(); valueType = "enum"; }
            return valueType != null;
        }

        static JArray Choices(VisualElement element)
        {
            var dropdown = element as DropdownField;
            if (dropdown != null && dropdown.choices != null)
                return new JArray(dropdown.choices.ToArray());
            var enumField = element as INotifyValueChanged<Enum>;
            if (enumField != null && enumField.value != null)
                return new JArray(Enum.GetNames(enumField.value.GetType()));
            return null;
        }

        static JObject Node(Walked walked)
        {
            VisualElement element = walked.Element;
            var node = new JObject { { "path", walked.Path }, { "depth", walked.Depth }, { "name", element.name ?? "" }, { "type", element.GetType().FullName } };
            node["classes"] = new JArray(new List<string>(element.GetClasses()).ToArray());
            var text = element as TextElement;
            if (text != null)
                node["text"] = text.text ?? "";
            JToken value;
            string valueType;
            if (ReadValue(element, out value, out valueType))
            {
                node["value"] = value;
                node["valueType"] = valueType;
                JArray choices = Choices(element);
                if (choices != null)
                    node["choices"] = choices;
                var slider = element as Slider;
                if (slider != null)
                    node["range"] = new JArray(slider.lowValue, slider.highValue);
            }
            node["enabled"] = element.enabledInHierarchy;
            node["bounds"] = Bounds(element.worldBound);
            node["childCount"] = element.hierarchy.childCount;
            return node;
        }

        static JObject Tree(JObject parameters)
        {
            int index;
            EditorWindow window = FindWindow(parameters, out index);
            string path = Params.OptionalString(parameters, "path", "");
            VisualElement start = Resolve(window, path);
            string cursorText = Params.OptionalString(parameters, "cursor", "0");
            int cursor;
            if (!int.TryParse(cursorText, out cursor) || cursor < 0)
                throw PrimitiveError.InvalidParams("cursor must be the decimal nextCursor of an earlier window.tree answer");
            int limit = (int)Params.OptionalInteger(parameters, "limit", DefaultTreeLimit, 1, 1000);
            var walked = new List<Walked>();
            int depth = path.Length == 0 ? 0 : path.Split('/').Length;
            Walk(start, path, depth, walked);
            var nodes = new JArray();
            int end = Math.Min(walked.Count, cursor + limit);
            for (int node = cursor; node < end; node++)
                nodes.Add(Node(walked[node]));
            var result = new JObject { { "window", Describe(window, index) }, { "nodes", nodes }, { "total", walked.Count } };
            if (end < walked.Count)
                result["nextCursor"] = end.ToString();
            return result;
        }

        static void RequireUiToolkit(EditorWindow window, string method)
        {
            string kind = UiKind(window);
            if (kind == "uitoolkit")
                return;
            throw PrimitiveError.Unsupported(method + ": the window '" + window.titleContent.text + "' has " +
                                             (kind == "empty" ? "an empty rootVisualElement (it draws with OnGUI)" : "only IMGUIContainer content") +
                                             ", so it has no UI Toolkit elements to act on");
        }

        static int HandlerCount(Delegate handlers)
        {
            return handlers == null ? 0 : handlers.GetInvocationList().Length;
        }

        static JObject Click(JObject parameters)
        {
            int index;
            EditorWindow window = FindWindow(parameters, out index);
            RequireUiToolkit(window, "window.click");
            VisualElement element = Resolve(window, Params.RequiredString(parameters, "path"));
            if (element is INotifyValueChanged<bool>)
                throw PrimitiveError.Conflict("window.click refused: '" + element.name + "' is a bool field (" + element.GetType().FullName +
                                              "); a click does not change its value, set it with window.setValue");
            var button = element as Button;
            if (button == null)
                throw PrimitiveError.Unsupported("window.click refused: '" + element.name + "' is a " + element.GetType().FullName +
                                                 ", not a Button; only a Button's Clickable can be reached and observed");
            if (!button.enabledInHierarchy)
                throw PrimitiveError.Conflict("window.click refused: the button '" + button.name + "' is disabled (enabledInHierarchy is false)");
            if (ClickedField == null || ClickedWithInfoField == null)
                throw PrimitiveError.Unsupported("window.click: this Unity's Clickable keeps its handlers elsewhere, so whether a click ran them could not be observed; nothing was sent");
            Clickable clickable = button.clickable;
            Action clicked = clickable == null ? null : (Action)ClickedField.GetValue(clickable);
            Action<EventBase> clickedWithInfo = clickable == null ? null : (Action<EventBase>)ClickedWithInfoField.GetValue(clickable);
            int handlers = HandlerCount(clicked) + HandlerCount(clickedWithInfo);
            if (handlers == 0)
                return ClickResult(false, false, 0);
            bool ran = false;
            Action clickedWrapper = null;
            Action<EventBase> withInfoWrapper = null;
            if (clicked != null)
            {
                clickedWrapper = () => { ran = true; clicked(); };
                ClickedField.SetValue(clickable, clickedWrapper);
            }
            if (clickedWithInfo != null)
            {
                withInfoWrapper = evt => { ran = true; clickedWithInfo(evt); };
                ClickedWithInfoField.SetValue(clickable, withInfoWrapper);
            }
            try
            {
                // Button answers NavigationSubmitEvent with clickable.SimulateSingleClick, which invokes
                // the Clickable's handlers: Button's own code path, through public API. Synthetic mouse,
                // pointer and click events do not drive a Clickable from outside the panel's input.
                using (NavigationSubmitEvent submit = NavigationSubmitEvent.GetPooled())
                {
                    submit.target = button;
                    button.SendEvent(submit);
                }
            }
            finally
            {
                // Handlers the click itself added stay; only the wrappers go, and the originals come back.
                if (clickedWrapper != null)
                    ClickedField.SetValue(clickable, Delegate.Combine(clicked, Delegate.Remove((Delegate)ClickedField.GetValue(clickable), clickedWrapper)));
                if (withInfoWrapper != null)
                    ClickedWithInfoField.SetValue(clickable, Delegate.Combine(clickedWithInfo, Delegate.Remove((Delegate)ClickedWithInfoField.GetValue(clickable), withInfoWrapper)));
            }
            return ClickResult(true, ran, handlers);
        }

        static JObject ClickResult(bool dispatched, bool ran, int handlers)
        {
            return new JObject { { "dispatched", dispatched }, { "observed", new JObject { { "handlerRan", ran }, { "handlers", handlers } } } };
        }

        static PrimitiveError Mismatch(VisualElement element, string wanted)
        {
            return PrimitiveError.TypeMismatch("window.setValue: '" + element.name + "' (" + element.GetType().FullName + ") takes " + wanted + "; nothing was written");
        }

        // Writes value through the field's INotifyValueChanged<T>, checking the JSON fits T first.
        static void Assign(VisualElement element, string valueType, JToken value)
        {
            switch (valueType)
            {
                case "bool":
                    if (value.Type != JTokenType.Boolean)
                        throw Mismatch(element, "true or false");
                    ((INotifyValueChanged<bool>)element).value = (bool)value;
                    return;
                case "int":
                    if (value.Type != JTokenType.Integer || (long)value < int.MinValue || (long)value > int.MaxValue)
                        throw Mismatch(element, "a 32-bit integer");
                    ((INotifyValueChanged<int>)element).value = (int)(long)value;
                    return;
                case "long":
                    if (value.Type != JTokenType.Integer)
                        throw Mismatch(element, "an integer");
                    ((INotifyValueChanged<long>)element).value = (long)value;
                    return;
                case "float":
                case "double":
                    if (value.Type != JTokenType.Integer && value.Type != JTokenType.Float)
                        throw Mismatch(element, "a number");
                    double number = (double)value;
                    if (double.IsNaN(number) || double.IsInfinity(number) || (valueType == "float" && Math.Abs(number) > float.MaxValue))
                        throw Mismatch(element, "a finite number within its range");
                    if (valueType == "float")
                        ((INotifyValueChanged<float>)element).value = (float)number;
                    else
                        ((INotifyValueChanged<double>)element).value = number;
                    return;
                case "string":
                    if (value.Type != JTokenType.String)
                        throw Mismatch(element, "a string");
                    var dropdown = element as DropdownField;
                    if (dropdown != null && dropdown.choices != null && !dropdown.choices.Contains((string)value))
                        throw Mismatch(element, "one of its choices (" + string.Join(", ", dropdown.choices.ToArray()) + ")");
                    ((INotifyValueChanged<string>)element).value = (string)value;
                    return;
                case "enum":
                    var field = (INotifyValueChanged<Enum>)element;
                    if (field.value == null)
                        throw PrimitiveError.Unsupported("window.setValue: the enum field '" + element.name + "' was never given an enum type (its value is null), so it has no choices");
                    Type enumType = field.value.GetType();
                    if (value.Type != JTokenType.String || Array.IndexOf(Enum.GetNames(enumType), (string)value) < 0)
                        throw Mismatch(element, "one of its choices (" + string.Join(", ", Enum.GetNames(enumType)) + ")");
                    field.value = (Enum)Enum.Parse(enumType, (string)value);
                    return;
            }
        }

        static JObject SetValue(JObject parameters)
        {
            int index;
            EditorWindow window = FindWindow(parameters, out index);
            RequireUiToolkit(window, "window.setValue");
            VisualElement element = Resolve(window, Params.RequiredString(parameters, "path"));
            JToken previous;
            string valueType;
            if (!ReadValue(element, out previous, out valueType))
                throw PrimitiveError.TypeMismatch("window.setValue: '" + element.name + "' is a " + element.GetType().FullName +
                                                  ", which holds no value the tools can set (no INotifyValueChanged of bool, int, long, float, double, string or Enum); nothing was written");
            if (!element.enabledInHierarchy)
                throw PrimitiveError.Conflict("window.setValue refused: the field '" + element.name + "' is disabled (enabledInHierarchy is false)");
            JToken value = parameters["value"];
            if (value == null)
                throw PrimitiveError.InvalidParams("params.value is required");
            Assign(element, valueType, value);
            JToken now;
            string nowType;
            ReadValue(element, out now, out nowType);
            return new JObject { { "observed", new JObject { { "value", now }, { "previous", previous }, { "valueType", valueType } } } };
        }

        // screenshot.capture's window view: the window's pixels as drawn on screen, read the way
        // Unity's own ScreenShotting does (InternalEditorUtility.ReadScreenPixel over its position). A
        // docked window that is not its dock's visible tab is not on screen, so it is refused.
        internal static JObject Capture(JObject parameters)
        {
            int index;
            EditorWindow window = FindWindow(parameters, out index);
            if (!window.hasFocus)
                throw PrimitiveError.Conflict("the window '" + window.titleContent.text + "' is a hidden tab of its dock, so it is not on screen; show its tab, then capture it");
            Rect position = window.position;
            int width = (int)position.width;
            int height = (int)position.height;
            if (width <= 0 || height <= 0 || (long)width * height > 4096L * 4096L)
                throw PrimitiveError.Conflict("the window '" + window.titleContent.text + "' is " + width + "x" + height + " points, which cannot be captured");
            Color[] pixels = InternalEditorUtility.ReadScreenPixel(new Vector2(position.x, position.y), width, height);
            var image = new Texture2D(width, height, TextureFormat.RGB24, false);
            try
            {
                image.SetPixels(pixels);
                image.Apply();
                var result = new JObject
                {
                    { "view", "window" },
                    { "window", new JObject { { "windowId", ObjectIds.Of(window) }, { "title", window.titleContent.text ?? "" } } },
                };
                ImageFitting.FitAndEncode(image, parameters, result);
                return result;
            }
            finally
            {
                Object.DestroyImmediate(image);
            }
        }
    }
}
