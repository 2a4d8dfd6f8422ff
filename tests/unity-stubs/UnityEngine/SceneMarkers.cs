// Stubs of the UnityEngine types the Scene-view markers, pins and sketches use (never run).
// Derived from Unity-Technologies/UnityCsReference, branch 2022.3: Runtime/Export/Math/Math.bindings.cs
// (Matrix4x4.TRS, Quaternion.LookRotation), Runtime/Export/Graphics/Graphics.bindings.cs (DrawMesh), Graphics.cs (Blit: screenshots scaled
// to maxEdge), Mesh.bindings.cs,
// Runtime/Export/Camera/Camera.bindings.cs, Runtime/Export/Shaders/Material.cs (SetColor),
// Runtime/Export/Resources/Resources.bindings.cs (GetBuiltinResource), Runtime/Export/Geometry/Ray.cs, Plane.cs,
// Modules/Physics/ScriptBindings/Dynamics.bindings.cs (Physics.Raycast, RaycastHit, Collider),
// Modules/IMGUI/Event.cs, Event.bindings.cs, EventEnums.cs, GUIEnums.cs (FocusType), GUIUtility.cs.
using System;

namespace UnityEngine
{
    public partial struct Matrix4x4
    {
        public static Matrix4x4 TRS(Vector3 pos, Quaternion q, Vector3 s) { throw new NotImplementedException(); }
    }

    public sealed partial class Mesh : Object { }

    public partial struct Quaternion
    {
        public static Quaternion identity { get { throw new NotImplementedException(); } }
        public static Quaternion LookRotation(Vector3 forward) { throw new NotImplementedException(); }
    }

    public partial class Graphics
    {
        public static void DrawMesh(Mesh mesh, Matrix4x4 matrix, Material material, int layer, Camera camera) { }
        public static void Blit(Texture source, RenderTexture dest) { }
    }

    public partial class Material
    {
        public void SetColor(string name, Color value) { }
    }

    public sealed partial class Resources
    {
        public static T GetBuiltinResource<T>(string path) where T : Object { throw new NotImplementedException(); }
    }

    public sealed partial class Camera
    {
        public Vector3 WorldToScreenPoint(Vector3 position) { throw new NotImplementedException(); }
        public float nearClipPlane { get { throw new NotImplementedException(); } set { } }
        public float farClipPlane { get { throw new NotImplementedException(); } set { } }
        public float fieldOfView { get { throw new NotImplementedException(); } set { } }
        public float orthographicSize { get { throw new NotImplementedException(); } set { } }
        public bool orthographic { get { throw new NotImplementedException(); } set { } }
        public int pixelWidth { get { throw new NotImplementedException(); } }
        public int pixelHeight { get { throw new NotImplementedException(); } }
    }

    public partial struct Ray
    {
        public Vector3 GetPoint(float distance) { throw new NotImplementedException(); }
    }

    public partial struct Plane
    {
        public Plane(Vector3 inNormal, Vector3 inPoint) { }
        public bool Raycast(Ray ray, out float enter) { throw new NotImplementedException(); }
    }

    public partial class Collider : Component { }

    public partial struct RaycastHit
    {
        public Collider collider { get { throw new NotImplementedException(); } }
        public Vector3 point { get { throw new NotImplementedException(); } set { } }
        public Vector3 normal { get { throw new NotImplementedException(); } set { } }
    }

    public partial class Physics
    {
        public static bool Raycast(Ray ray, out RaycastHit hitInfo) { throw new NotImplementedException(); }
    }

    public enum EventType { MouseDown = 0, MouseUp = 1, MouseDrag = 3, Repaint = 7, Layout = 8 }

    public enum FocusType { Keyboard = 1, Passive = 2 }

    public sealed partial class Event
    {
        public static Event current { get { throw new NotImplementedException(); } set { } }
        public EventType type { get { throw new NotImplementedException(); } set { } }
        public int button { get { throw new NotImplementedException(); } set { } }
        public Vector2 mousePosition { get { throw new NotImplementedException(); } set { } }
        public bool shift { get { throw new NotImplementedException(); } set { } }
        public void Use() { }
    }

    public partial class GUIUtility
    {
        public static int GetControlID(FocusType focus) { throw new NotImplementedException(); }
    }
}
