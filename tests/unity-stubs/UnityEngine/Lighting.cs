// Stubs of the UnityEngine lightmap members the lighting primitives use (never run).
// Derived from Unity-Technologies/UnityCsReference, branch 2022.3 (the same on 6000.0 to 6000.5):
// Runtime/Export/Graphics/Graphics.bindings.cs (LightmapData, LightmapSettings.lightmaps).
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
