// Stubs of the editor-window members the window primitives use (never run). Derived from
// Unity-Technologies/UnityCsReference, branch 2022.3: Editor/Mono/EditorWindow.cs and
// Editor/Mono/InternalEditorUtility.bindings.cs.
using System;
using UnityEngine;

namespace UnityEditor
{
    public partial class EditorWindow
    {
        public GUIContent titleContent { get { throw new NotImplementedException(); } set { } }
        public Rect position { get { throw new NotImplementedException(); } set { } }
        public bool docked { get { throw new NotImplementedException(); } }
        public bool hasFocus { get { throw new NotImplementedException(); } }
        public static EditorWindow focusedWindow { get { throw new NotImplementedException(); } }
    }
}

namespace UnityEditorInternal
{
    public partial class InternalEditorUtility
    {
        public static Color[] ReadScreenPixel(Vector2 pixelPos, int sizex, int sizey) { throw new NotImplementedException(); }
    }
}
