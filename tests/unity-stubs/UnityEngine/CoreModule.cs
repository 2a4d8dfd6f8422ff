// Stubs of UnityEngine types the Agent Panel package uses, for compiling it with mcs (never run).
// Derived from Unity-Technologies/UnityCsReference, branch 2022.3, and from 6000.x where a version define says so:
//   Runtime/Export/Scripting/UnityEngineObject.bindings.cs, GameObject.bindings.cs, Component.bindings.cs,
//   ScriptableObject.bindings.cs, LayerMask.bindings.cs; Runtime/Transform/ScriptBindings/Transform.bindings.cs;
//   Runtime/Export/BaseClass.cs (PrimitiveType, RuntimePlatform); Runtime/Export/Application/Application.bindings.cs;
//   Runtime/Export/Debug/Debug.bindings.cs; Runtime/Export/Math/Vector2.cs, Vector3.cs, Vector4.cs, Quaternion.cs, Color.cs;
//   Runtime/Export/Shaders/Shader.bindings.cs, Material.bindings.cs; Runtime/Export/Input/KeyCode.cs;
//   Modules/InputLegacy/Input.bindings.cs; Runtime/Export/Scripting/Behaviour.bindings.cs;
//   Runtime/Export/Camera/Camera.bindings.cs; Runtime/Export/Graphics/Texture.bindings.cs, Texture.cs,
//   GraphicsEnums.cs (TextureFormat); Runtime/Export/Geometry/Rect.cs;
//   Modules/ImageConversion/ScriptBindings/ImageConversion.bindings.cs; Runtime/Export/Resources/Resources.bindings.cs.
// Only the members the package uses, with Unity's names, namespaces, signatures and enum values.
using System;

namespace UnityEngine
{
    public class Object
    {
        public string name { get { throw new NotImplementedException(); } set { } }
#if UNITY_6000_5_OR_NEWER
        [Obsolete("GetInstanceID is deprecated. Use GetEntityId instead. This will be removed in a future version.", true)]
#elif UNITY_6000_4_OR_NEWER
        [Obsolete("GetInstanceID is deprecated. Use GetEntityId instead. This will be removed in a future version.")]
#endif
        public int GetInstanceID() { throw new NotImplementedException(); }
#if UNITY_6000_2_OR_NEWER
        public EntityId GetEntityId() { throw new NotImplementedException(); }
#endif
        public static T Instantiate<T>(T original, Transform parent) where T : Object { throw new NotImplementedException(); }
        public static void DestroyImmediate(Object obj) { }
        public override int GetHashCode() { throw new NotImplementedException(); }
        public override bool Equals(object other) { throw new NotImplementedException(); }
        public static implicit operator bool(Object exists) { throw new NotImplementedException(); }
        public static bool operator ==(Object x, Object y) { throw new NotImplementedException(); }
        public static bool operator !=(Object x, Object y) { throw new NotImplementedException(); }
    }

#if UNITY_6000_2_OR_NEWER
    // 6000.2 to 6000.4 hold an int; 6000.5 widens it to 64 bits (StructLayout Size = 8) and makes the
    // int conversions obsolete, EntityId to int as an error.
    public struct EntityId : IEquatable<EntityId>, IComparable<EntityId>
    {
        public bool Equals(EntityId other) { throw new NotImplementedException(); }
        public int CompareTo(EntityId other) { throw new NotImplementedException(); }
#if UNITY_6000_5_OR_NEWER
        [Obsolete("EntityId will not be representable by an int in the future. This casting operator will be removed in a future version.", true)]
#elif UNITY_6000_4_OR_NEWER
        [Obsolete("EntityId will not be representable by an int in the future. This casting operator will be removed in a future version.", false)]
#endif
        public static implicit operator int(EntityId entityId) { throw new NotImplementedException(); }
#if UNITY_6000_4_OR_NEWER
        [Obsolete("EntityId will not be representable by an int in the future. This casting operator will be removed in a future version.", false)]
#endif
        public static implicit operator EntityId(int intValue) { throw new NotImplementedException(); }
#if UNITY_6000_4_OR_NEWER
        public static EntityId FromULong(ulong input) { throw new NotImplementedException(); }
        public static ulong ToULong(EntityId entityId) { throw new NotImplementedException(); }
#endif
    }
#endif

    public enum PrimitiveType { Sphere = 0, Capsule = 1, Cylinder = 2, Cube = 3, Plane = 4, Quad = 5 }

    public enum RuntimePlatform { OSXEditor = 0, WindowsEditor = 7, LinuxEditor = 16 }

    public sealed class GameObject : Object
    {
        public GameObject(string name) { }
        public static GameObject CreatePrimitive(PrimitiveType type) { throw new NotImplementedException(); }
        public Transform transform { get { throw new NotImplementedException(); } }
        public bool activeSelf { get { throw new NotImplementedException(); } }
        public void SetActive(bool value) { }
        public Component[] GetComponents(Type type) { throw new NotImplementedException(); }
        public T[] GetComponents<T>() { throw new NotImplementedException(); }
        public T[] GetComponentsInChildren<T>(bool includeInactive) { throw new NotImplementedException(); }
        public SceneManagement.Scene scene { get { throw new NotImplementedException(); } }
    }

    public class Component : Object
    {
        public GameObject gameObject { get { throw new NotImplementedException(); } }
    }

    public class Transform : Component
    {
        public Vector3 position { get { throw new NotImplementedException(); } set { } }
        public Vector3 localPosition { get { throw new NotImplementedException(); } set { } }
        public Vector3 eulerAngles { get { throw new NotImplementedException(); } set { } }
        public Vector3 localEulerAngles { get { throw new NotImplementedException(); } set { } }
        public Quaternion rotation { get { throw new NotImplementedException(); } set { } }
        public Quaternion localRotation { get { throw new NotImplementedException(); } set { } }
        public Vector3 localScale { get { throw new NotImplementedException(); } set { } }
        public Vector3 lossyScale { get { throw new NotImplementedException(); } }
        public Transform parent { get { throw new NotImplementedException(); } set { } }
        public int childCount { get { throw new NotImplementedException(); } }
        public Transform GetChild(int index) { throw new NotImplementedException(); }
        public bool IsChildOf(Transform parent) { throw new NotImplementedException(); }
        public void SetSiblingIndex(int index) { }
        public int GetSiblingIndex() { throw new NotImplementedException(); }
    }

    public class ScriptableObject : Object
    {
        public static ScriptableObject CreateInstance(Type type) { throw new NotImplementedException(); }
    }

    public struct LayerMask
    {
        public static int NameToLayer(string layerName) { throw new NotImplementedException(); }
    }

    // Modules/TextRendering/FontStyle.cs (the same on 2022.3 to 6000.5).
    public enum FontStyle { Normal = 0, Bold = 1, Italic = 2, BoldAndItalic = 3 }

    // Modules/IMGUI/GUIUtility.bindings.cs: the clipboard.
    public partial class GUIUtility
    {
        public static string systemCopyBuffer { get { throw new NotImplementedException(); } set { } }
    }

    // Runtime/Export/BaseClass.cs (the same on 2022.3 to 6000.5).
    public enum LogType { Error = 0, Assert = 1, Warning = 2, Log = 3, Exception = 4 }

    public class Application
    {
        // Runtime/Export/Application/Application.cs (the same on 2022.3 to 6000.5).
        public delegate void LogCallback(string condition, string stackTrace, LogType type);
        public static event LogCallback logMessageReceivedThreaded { add { } remove { } }
        public static string unityVersion { get { throw new NotImplementedException(); } }
        public static string dataPath { get { throw new NotImplementedException(); } }
        public static RuntimePlatform platform { get { throw new NotImplementedException(); } }
        public static string consoleLogPath { get { throw new NotImplementedException(); } }
    }

    public sealed partial class Resources
    {
        public static Object[] FindObjectsOfTypeAll(Type type) { throw new NotImplementedException(); }
    }

    public class Debug
    {
        public static void Log(object message) { }
        public static void LogWarning(object message) { }
    }

    public struct Vector2
    {
        public float x, y;
        public Vector2(float x, float y) { this.x = x; this.y = y; }
    }

    public struct Vector3
    {
        public float x, y, z;
        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
    }

    public struct Vector4
    {
        public float x, y, z, w;
        public Vector4(float x, float y, float z, float w) { this.x = x; this.y = y; this.z = z; this.w = w; }
    }

    public partial struct Quaternion
    {
        public float x, y, z, w;
        public Quaternion(float x, float y, float z, float w) { this.x = x; this.y = y; this.z = z; this.w = w; }
        public static Quaternion Euler(float x, float y, float z) { throw new NotImplementedException(); }
    }

    public struct Color
    {
        public float r, g, b, a;
        public Color(float r, float g, float b, float a) { this.r = r; this.g = g; this.b = b; this.a = a; }
    }

    public sealed partial class Shader : Object
    {
        internal Shader() { }
        public static Shader Find(string name) { throw new NotImplementedException(); }
    }

    public partial class Material : Object
    {
        public Material(Shader shader) { }
        public Shader shader { get { throw new NotImplementedException(); } set { } }
    }

    public class Behaviour : Component
    {
        public bool isActiveAndEnabled { get { throw new NotImplementedException(); } }
    }

    public sealed partial class Camera : Behaviour
    {
        public static Camera main { get { throw new NotImplementedException(); } }
        public RenderTexture targetTexture { get { throw new NotImplementedException(); } set { } }
        public void Render() { }
    }

    public partial class Texture : Object
    {
        public virtual int width { get { throw new NotImplementedException(); } set { } }
        public virtual int height { get { throw new NotImplementedException(); } set { } }
    }

    public enum TextureFormat { RGB24 = 3 }

    public sealed partial class Texture2D : Texture
    {
        public Texture2D(int width, int height, TextureFormat textureFormat, bool mipChain) { }
        public void ReadPixels(Rect source, int destX, int destY) { }
        public void Apply() { }
    }

    public partial class RenderTexture : Texture
    {
        public RenderTexture(int width, int height, int depth) { }
        public static RenderTexture active { get { throw new NotImplementedException(); } set { } }
        public static RenderTexture GetTemporary(int width, int height, int depthBuffer) { throw new NotImplementedException(); }
        public static void ReleaseTemporary(RenderTexture temp) { }
    }

    public partial struct Rect
    {
        public Rect(float x, float y, float width, float height) { }
    }

    public static class ImageConversion
    {
        public static byte[] EncodeToPNG(this Texture2D tex) { throw new NotImplementedException(); }
        public static byte[] EncodeToJPG(this Texture2D tex, int quality) { throw new NotImplementedException(); }
    }

    public enum KeyCode { None = 0, Tab = 9, Return = 13, Escape = 27, KeypadEnter = 271, UpArrow = 273, DownArrow = 274 }

    public class Input
    {
        public static string compositionString { get { throw new NotImplementedException(); } }
    }
}

namespace UnityEngine.SceneManagement
{
    // Runtime/Export/SceneManager/Scene.cs and SceneManager.bindings.cs (2022.3).
    public struct Scene
    {
        public string path { get { throw new NotImplementedException(); } }
        public string name { get { throw new NotImplementedException(); } }
        public bool isLoaded { get { throw new NotImplementedException(); } }
        public bool isDirty { get { throw new NotImplementedException(); } }
        public int rootCount { get { throw new NotImplementedException(); } }
        public GameObject[] GetRootGameObjects() { throw new NotImplementedException(); }
        public static bool operator ==(Scene lhs, Scene rhs) { throw new NotImplementedException(); }
        public static bool operator !=(Scene lhs, Scene rhs) { throw new NotImplementedException(); }
        public override int GetHashCode() { throw new NotImplementedException(); }
        public override bool Equals(object other) { throw new NotImplementedException(); }
    }

    public class SceneManager
    {
        public static int sceneCount { get { throw new NotImplementedException(); } }
        public static Scene GetActiveScene() { throw new NotImplementedException(); }
        public static Scene GetSceneAt(int index) { throw new NotImplementedException(); }
    }
}

namespace UnityEngine.Rendering
{
    // Runtime/Export/Graphics/GraphicsSettings.bindings.cs and Runtime/Export/RenderPipeline/RenderPipelineAsset.cs
    // (the same members on 2022.3 to 6000.5): the active render pipeline and its default material.
    public sealed partial class GraphicsSettings : Object
    {
        private GraphicsSettings() { }
        public static RenderPipelineAsset currentRenderPipeline { get { throw new NotImplementedException(); } }
    }

    public abstract partial class RenderPipelineAsset : ScriptableObject
    {
        public virtual Material defaultMaterial => null;
        public virtual Shader defaultShader => null;
    }
}
