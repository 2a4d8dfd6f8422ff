// Stubs of the UnityEditor members the material primitives use (never run).
// Derived from Unity-Technologies/UnityCsReference, branch 2022.3 (the same on 6000.0 to 6000.5):
// Editor/Mono/EditorUtility.bindings.cs (SetDirty).
using Object = UnityEngine.Object;

namespace UnityEditor
{
    public partial class EditorUtility
    {
        public static void SetDirty(Object target) { }
    }
}
