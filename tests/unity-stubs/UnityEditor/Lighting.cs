// Stubs of the UnityEditor lightmapping members the lighting primitives use (never run).
// Derived from Unity-Technologies/UnityCsReference, branch 2022.3 (the same members on 6000.0 to 6000.5):
// Editor/Mono/GI/Lightmapping.bindings.cs (BakeAsync, Cancel, isRunning, buildProgress, bakeCompleted,
// BakeReflectionProbe).
using System;

namespace UnityEditor
{
    public static partial class Lightmapping
    {
        public static bool BakeAsync() { throw new NotImplementedException(); }
        public static void Cancel() { }
        public static bool BakeReflectionProbe(UnityEngine.ReflectionProbe probe, string path) { throw new NotImplementedException(); }
        public static bool isRunning { get { throw new NotImplementedException(); } }
        public static float buildProgress { get { throw new NotImplementedException(); } }
        public static event Action bakeCompleted { add { } remove { } }
    }
}
