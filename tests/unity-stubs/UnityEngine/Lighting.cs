// Stubs of the UnityEngine lightmap members the lighting primitives use (never run).
// Derived from Unity-Technologies/UnityCsReference, branch 2022.3 (the same on 6000.0 to 6000.5):
// Runtime/Export/Graphics/Graphics.bindings.cs (LightmapData, LightmapSettings.lightmaps),
// Runtime/Export/Camera/ReflectionProbe.bindings.cs (mode, hdr) and Runtime/Export/Graphics/GraphicsEnums.cs (ReflectionProbeMode).
using System;

namespace UnityEngine
{
    public sealed partial class LightmapData
    {
    }

    public sealed partial class LightmapSettings : Object
    {
        private LightmapSettings() { }
        public static LightmapData[] lightmaps { get { throw new NotImplementedException(); } set { } }
    }
}

namespace UnityEngine.Rendering
{
    public enum ReflectionProbeMode { Baked = 0, Realtime = 1, Custom = 2 }
}

namespace UnityEngine
{
    public sealed partial class ReflectionProbe : Behaviour
    {
        public Rendering.ReflectionProbeMode mode { get { throw new NotImplementedException(); } set { } }
        public bool hdr { get { throw new NotImplementedException(); } set { } }
    }
}
