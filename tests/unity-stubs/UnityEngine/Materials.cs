// Stubs of the UnityEngine members the material primitives use (never run).
// Derived from Unity-Technologies/UnityCsReference, branch 2022.3 (the same on 6000.0 to 6000.5):
// Runtime/Export/Shaders/ShaderProperties.cs (Shader.GetProperty*, FindPropertyIndex, ShaderPropertyType,
// ShaderPropertyFlags), Runtime/Export/Shaders/Shader.bindings.cs (keywordSpace, renderQueue),
// Runtime/Export/Shaders/Material.cs and Material.bindings.cs (Get/Set by name, keywords, renderQueue,
// enabledKeywords), Runtime/Export/Shaders/LocalKeyword.bindings.cs, LocalKeywordSpace.bindings.cs,
// Runtime/Export/Graphics/Texture.bindings.cs (dimension), Runtime/Export/Graphics/GraphicsEnums.cs (TextureDimension).
using System;
using UnityEngine.Rendering;

namespace UnityEngine
{
    public sealed partial class Shader
    {
        public int GetPropertyCount() { throw new NotImplementedException(); }
        public int FindPropertyIndex(string propertyName) { throw new NotImplementedException(); }
        public string GetPropertyName(int propertyIndex) { throw new NotImplementedException(); }
        public ShaderPropertyType GetPropertyType(int propertyIndex) { throw new NotImplementedException(); }
        public string GetPropertyDescription(int propertyIndex) { throw new NotImplementedException(); }
        public ShaderPropertyFlags GetPropertyFlags(int propertyIndex) { throw new NotImplementedException(); }
        public float GetPropertyDefaultFloatValue(int propertyIndex) { throw new NotImplementedException(); }
        public Vector4 GetPropertyDefaultVectorValue(int propertyIndex) { throw new NotImplementedException(); }
        public Vector2 GetPropertyRangeLimits(int propertyIndex) { throw new NotImplementedException(); }
        public int GetPropertyDefaultIntValue(int propertyIndex) { throw new NotImplementedException(); }
        public TextureDimension GetPropertyTextureDimension(int propertyIndex) { throw new NotImplementedException(); }
        public string GetPropertyTextureDefaultName(int propertyIndex) { throw new NotImplementedException(); }
        public LocalKeywordSpace keywordSpace { get { throw new NotImplementedException(); } }
        public int renderQueue { get { throw new NotImplementedException(); } }
    }

    public partial class Material
    {
        public int renderQueue { get { throw new NotImplementedException(); } set { } }
        public LocalKeyword[] enabledKeywords { get { throw new NotImplementedException(); } set { } }
        public void EnableKeyword(string keyword) { }
        public void DisableKeyword(string keyword) { }
        public float GetFloat(string name) { throw new NotImplementedException(); }
        public int GetInteger(string name) { throw new NotImplementedException(); }
        public Color GetColor(string name) { throw new NotImplementedException(); }
        public Vector4 GetVector(string name) { throw new NotImplementedException(); }
        public Texture GetTexture(string name) { throw new NotImplementedException(); }
        public Vector2 GetTextureScale(string name) { throw new NotImplementedException(); }
        public Vector2 GetTextureOffset(string name) { throw new NotImplementedException(); }
        public void SetFloat(string name, float value) { }
        public void SetInteger(string name, int value) { }
        public void SetVector(string name, Vector4 value) { }
        public void SetTexture(string name, Texture value) { }
        public void SetTextureScale(string name, Vector2 value) { }
        public void SetTextureOffset(string name, Vector2 value) { }
    }

    public partial class Texture
    {
        public virtual TextureDimension dimension { get { throw new NotImplementedException(); } set { } }
    }
}

namespace UnityEngine.Rendering
{
    public enum ShaderPropertyType { Color, Vector, Float, Range, Texture, Int }

    [Flags]
    public enum ShaderPropertyFlags
    {
        None = 0,
        HideInInspector = 1 << 0,
        PerRendererData = 1 << 1,
        NoScaleOffset = 1 << 2,
        Normal = 1 << 3,
        HDR = 1 << 4,
        Gamma = 1 << 5,
        NonModifiableTextureData = 1 << 6,
        MainTexture = 1 << 7,
        MainColor = 1 << 8,
    }

    public enum TextureDimension { Unknown = -1, None = 0, Any = 1, Tex2D = 2, Tex3D = 3, Cube = 4, Tex2DArray = 5, CubeArray = 6 }

    // Unity declares both readonly structs; mcs at C# 7.0 takes them as plain structs.
    public struct LocalKeyword
    {
        public string name { get { throw new NotImplementedException(); } }
    }

    public struct LocalKeywordSpace
    {
        public string[] keywordNames { get { throw new NotImplementedException(); } }
    }
}
