// Stubs of the editor's drag and drop, from which the window's composer takes assets and GameObjects (never run): only the
// members the package uses, as UnityCsReference 2022.3 Editor/Mono/DragAndDrop.bindings.cs declares them (the enum's values too).
using System;
using Object = UnityEngine.Object;

namespace UnityEditor
{
    public enum DragAndDropVisualMode { None = 0, Copy = 1, Link = 2, Move = 16, Generic = 4, Rejected = 32 }

    public class DragAndDrop
    {
        public static Object[] objectReferences { get { throw new NotImplementedException(); } set { } }
        public static DragAndDropVisualMode visualMode { get { throw new NotImplementedException(); } set { } }
        public static void AcceptDrag() { }
    }
}
