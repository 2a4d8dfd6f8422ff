// Stubs of UnityEditor types the Agent Panel package uses, for compiling it with mcs (never run).
// Derived from Unity-Technologies/UnityCsReference, branch 2022.3:
//   Editor/Mono/EditorApplication.cs + .bindings.cs, AssemblyReloadEvents.cs, EditorAssemblies.cs
//   (InitializeOnLoadAttribute), MenuItem.cs, EditorGUIUtility.bindings.cs (SessionState), EditorGUIUtility.cs (isProSkin),
//   EditorUserSettings.bindings.cs, Selection.bindings.cs, EditorUtility.bindings.cs + EditorUtility.cs
//   (InstanceIDToObject, SceneAsset, InteractionMode), Undo/Undo.bindings.cs, SerializedObject.bindings.cs,
//   SerializedProperty.bindings.cs, TypeCache.cs, Prefabs/PrefabUtility.cs, EditorWindow.cs,
//   Settings/SettingsProvider.cs, Settings/SettingsProviderAttribute.cs, AssetPipeline/AssetImporter.bindings.cs,
//   AssetPostprocessor.cs;
//   Modules/AssetDatabase/Editor/ScriptBindings/AssetDatabase.bindings.cs; AssetDatabase/AssetDatabaseSearching.cs.
// Only the members the package uses, with Unity's names, namespaces and signatures; a constructor Unity keeps
// private or internal is internal here (never absent, which would make it public), so using it fails.
using System;
using System.Collections;
using System.Collections.Generic;
using UnityEngine;
using UnityEngine.UIElements;
using Object = UnityEngine.Object;

namespace UnityEditor
{
    public sealed partial class EditorApplication
    {
        public delegate void CallbackFunction();
        public static CallbackFunction update;
        public static event Action quitting { add { } remove { } }
        public static bool isPlaying { get { throw new NotImplementedException(); } set { } }
        public static bool isPaused { get { throw new NotImplementedException(); } set { } }
        public static bool isPlayingOrWillChangePlaymode { get { throw new NotImplementedException(); } }
        public static bool isCompiling { get { throw new NotImplementedException(); } }
        public static bool isUpdating { get { throw new NotImplementedException(); } }
        public static bool ExecuteMenuItem(string menuItemPath) { throw new NotImplementedException(); }
        public static event Action hierarchyChanged { add { } remove { } }
    }

    public static class AssemblyReloadEvents
    {
        public delegate void AssemblyReloadCallback();
        public static event AssemblyReloadCallback beforeAssemblyReload { add { } remove { } }
    }

    [AttributeUsage(AttributeTargets.Class)]
    public class InitializeOnLoadAttribute : Attribute { }

    public sealed class MenuItem : Attribute
    {
        public MenuItem(string itemName) { }
    }

    public sealed partial class EditorGUIUtility : GUIUtility
    {
        public static bool isProSkin { get { throw new NotImplementedException(); } }
    }

    public partial class SessionState
    {
        public static void SetBool(string key, bool value) { }
        public static bool GetBool(string key, bool defaultValue) { throw new NotImplementedException(); }
        public static void EraseBool(string key) { }
        public static void SetString(string key, string value) { }
        public static void EraseString(string key) { }
        public static string GetString(string key, string defaultValue) { throw new NotImplementedException(); }
        public static void SetInt(string key, int value) { }
        public static int GetInt(string key, int defaultValue) { throw new NotImplementedException(); }
    }

    public sealed class EditorUserSettings : Object
    {
        internal EditorUserSettings() { }
        public static string GetConfigValue(string name) { throw new NotImplementedException(); }
        public static void SetConfigValue(string name, string value) { }
    }

    public sealed partial class Selection
    {
        // Editor/Mono/Selection.cs (2022.3), Editor/Mono/Selection/Selection.cs (6000.x): a public field.
        public static Action selectionChanged;
        public static Object[] objects { get { throw new NotImplementedException(); } set { } }
    }

    public enum InteractionMode { AutomatedAction, UserAction }

    public class SceneAsset : Object
    {
        internal SceneAsset() { }
    }

    public partial class EditorUtility
    {
#if UNITY_6000_5_OR_NEWER
        [Obsolete("InstanceIDToObject(int) is obsolete. Use EditorUtility.EntityIdToObject instead.", true)]
#elif UNITY_6000_3_OR_NEWER
        [Obsolete("InstanceIDToObject(int) is obsolete. Use EditorUtility.EntityIdToObject instead.")]
#endif
        public static Object InstanceIDToObject(int instanceID) { throw new NotImplementedException(); }
#if UNITY_6000_3_OR_NEWER
        public static Object EntityIdToObject(EntityId entityId) { throw new NotImplementedException(); }
#endif
    }

    public partial class Undo
    {
        public static void SetTransformParent(Transform transform, Transform newParent, string name) { }
        public static void SetTransformParent(Transform transform, Transform newParent, bool worldPositionStays, string name) { }
        public static void RegisterCreatedObjectUndo(Object objectToUndo, string name) { }
        public static void DestroyObjectImmediate(Object objectToUndo) { }
        public static Component AddComponent(GameObject gameObject, Type type) { throw new NotImplementedException(); }
        public static void RecordObject(Object objectToUndo, string name) { }
        public static void IncrementCurrentGroup() { }
        public static int GetCurrentGroup() { throw new NotImplementedException(); }
        public static void SetCurrentGroupName(string name) { }
        public static void RevertAllDownToGroup(int group) { }
        public static void CollapseUndoOperations(int groupIndex) { }
    }

    public class SerializedObject : IDisposable
    {
        public SerializedObject(Object obj) { }
        public SerializedProperty GetIterator() { throw new NotImplementedException(); }
        public SerializedProperty FindProperty(string propertyPath) { throw new NotImplementedException(); }
        public bool ApplyModifiedProperties() { throw new NotImplementedException(); }
        public bool ApplyModifiedPropertiesWithoutUndo() { throw new NotImplementedException(); }
        public void Update() { }
        public void Dispose() { }
    }

    public enum SerializedPropertyType
    {
        Generic = -1, Integer = 0, Boolean = 1, Float = 2, String = 3, Color = 4, ObjectReference = 5, LayerMask = 6, Enum = 7,
        Vector2 = 8, Vector3 = 9, Vector4 = 10, Rect = 11, ArraySize = 12, Character = 13, AnimationCurve = 14, Bounds = 15,
        Gradient = 16, Quaternion = 17, ExposedReference = 18, FixedBufferSize = 19, Vector2Int = 20, Vector3Int = 21,
        RectInt = 22, BoundsInt = 23, ManagedReference = 24, Hash128 = 25,
    }

    public class SerializedProperty : IDisposable
    {
        internal SerializedProperty() { }
        public bool prefabOverride { get { throw new NotImplementedException(); } set { } }
        public SerializedProperty Copy() { throw new NotImplementedException(); }
        public bool NextVisible(bool enterChildren) { throw new NotImplementedException(); }
        public string displayName { get { throw new NotImplementedException(); } }
        public string type { get { throw new NotImplementedException(); } }
        public int depth { get { throw new NotImplementedException(); } }
        public string propertyPath { get { throw new NotImplementedException(); } }
        public bool editable { get { throw new NotImplementedException(); } }
        public SerializedPropertyType propertyType { get { throw new NotImplementedException(); } }
        public int intValue { get { throw new NotImplementedException(); } set { } }
        public long longValue { get { throw new NotImplementedException(); } set { } }
        public bool boolValue { get { throw new NotImplementedException(); } set { } }
        public double doubleValue { get { throw new NotImplementedException(); } set { } }
        public string stringValue { get { throw new NotImplementedException(); } set { } }
        public Color colorValue { get { throw new NotImplementedException(); } set { } }
        public Object objectReferenceValue { get { throw new NotImplementedException(); } set { } }
        public int enumValueIndex { get { throw new NotImplementedException(); } set { } }
        public string[] enumNames { get { throw new NotImplementedException(); } }
        public Vector2 vector2Value { get { throw new NotImplementedException(); } set { } }
        public Vector3 vector3Value { get { throw new NotImplementedException(); } set { } }
        public Vector4 vector4Value { get { throw new NotImplementedException(); } set { } }
        public Quaternion quaternionValue { get { throw new NotImplementedException(); } set { } }
        public bool isArray { get { throw new NotImplementedException(); } }
        public int arraySize { get { throw new NotImplementedException(); } set { } }
        public bool Next(bool enterChildren) { throw new NotImplementedException(); }
        public bool hasChildren { get { throw new NotImplementedException(); } }
#if UNITY_6000_5_OR_NEWER
        [Obsolete("objectReferenceInstanceIDValue is obsolete. Use objectReferenceEntityIdValue instead", true)]
#elif UNITY_6000_4_OR_NEWER
        [Obsolete("objectReferenceInstanceIDValue is obsolete. Use objectReferenceEntityIdValue instead")]
#endif
        public int objectReferenceInstanceIDValue { get { throw new NotImplementedException(); } set { } }
#if UNITY_6000_4_OR_NEWER
        public EntityId objectReferenceEntityIdValue { get { throw new NotImplementedException(); } set { } }
#endif
        public uint contentHash { get { throw new NotImplementedException(); } }
        public void Dispose() { }
    }

    public static partial class TypeCache
    {
        public static TypeCollection GetTypesDerivedFrom(Type parentType) { throw new NotImplementedException(); }
        public static TypeCollection GetTypesDerivedFrom<T>() { throw new NotImplementedException(); }
        public static MethodCollection GetMethodsWithAttribute<T>() where T : Attribute { throw new NotImplementedException(); }

        // Declared as IList<MethodInfo>, IList in Unity; the stub keeps IList<MethodInfo>, which foreach and the package need.
        public struct MethodCollection : IList<System.Reflection.MethodInfo>
        {
            public int Count { get { throw new NotImplementedException(); } }
            public bool IsReadOnly { get { throw new NotImplementedException(); } }
            public System.Reflection.MethodInfo this[int index] { get { throw new NotImplementedException(); } set { } }
            public bool Contains(System.Reflection.MethodInfo item) { throw new NotImplementedException(); }
            public Enumerator GetEnumerator() { throw new NotImplementedException(); }
            public void CopyTo(System.Reflection.MethodInfo[] array, int arrayIndex) { }
            public int IndexOf(System.Reflection.MethodInfo item) { throw new NotImplementedException(); }
            IEnumerator<System.Reflection.MethodInfo> IEnumerable<System.Reflection.MethodInfo>.GetEnumerator() { throw new NotImplementedException(); }
            IEnumerator IEnumerable.GetEnumerator() { throw new NotImplementedException(); }
            void ICollection<System.Reflection.MethodInfo>.Add(System.Reflection.MethodInfo item) { }
            void ICollection<System.Reflection.MethodInfo>.Clear() { }
            bool ICollection<System.Reflection.MethodInfo>.Remove(System.Reflection.MethodInfo item) { throw new NotImplementedException(); }
            void IList<System.Reflection.MethodInfo>.Insert(int index, System.Reflection.MethodInfo item) { }
            void IList<System.Reflection.MethodInfo>.RemoveAt(int index) { }

            public struct Enumerator : IEnumerator<System.Reflection.MethodInfo>
            {
                public System.Reflection.MethodInfo Current { get { throw new NotImplementedException(); } }
                object IEnumerator.Current { get { throw new NotImplementedException(); } }
                public bool MoveNext() { throw new NotImplementedException(); }
                public void Reset() { }
                public void Dispose() { }
            }
        }

        // Declared as IList<Type>, IList in Unity; the stub keeps IList<Type>, which foreach and the package need.
        public struct TypeCollection : IList<Type>
        {
            public int Count { get { throw new NotImplementedException(); } }
            public bool IsReadOnly { get { throw new NotImplementedException(); } }
            public Type this[int index] { get { throw new NotImplementedException(); } set { } }
            public bool Contains(Type item) { throw new NotImplementedException(); }
            public Enumerator GetEnumerator() { throw new NotImplementedException(); }
            public void CopyTo(Type[] array, int arrayIndex) { }
            public int IndexOf(Type item) { throw new NotImplementedException(); }
            IEnumerator<Type> IEnumerable<Type>.GetEnumerator() { throw new NotImplementedException(); }
            IEnumerator IEnumerable.GetEnumerator() { throw new NotImplementedException(); }
            void ICollection<Type>.Add(Type item) { }
            void ICollection<Type>.Clear() { }
            bool ICollection<Type>.Remove(Type item) { throw new NotImplementedException(); }
            void IList<Type>.Insert(int index, Type item) { }
            void IList<Type>.RemoveAt(int index) { }

            public struct Enumerator : IEnumerator<Type>
            {
                public Type Current { get { throw new NotImplementedException(); } }
                object IEnumerator.Current { get { throw new NotImplementedException(); } }
                public bool MoveNext() { throw new NotImplementedException(); }
                public void Reset() { }
                public void Dispose() { }
            }
        }
    }

    public sealed partial class PrefabUtility
    {
        public static Object InstantiatePrefab(Object assetComponentOrGameObject) { throw new NotImplementedException(); }
        public static Object InstantiatePrefab(Object assetComponentOrGameObject, Transform parent) { throw new NotImplementedException(); }
        public static bool IsAnyPrefabInstanceRoot(GameObject gameObject) { throw new NotImplementedException(); }
        public static PropertyModification[] GetPropertyModifications(Object targetPrefab) { throw new NotImplementedException(); }
        public static void SetPropertyModifications(Object targetPrefab, PropertyModification[] modifications) { }
        public static TObject GetCorrespondingObjectFromSource<TObject>(TObject componentOrGameObject) where TObject : Object { throw new NotImplementedException(); }
        public static string GetPrefabAssetPathOfNearestInstanceRoot(Object instanceComponentOrGameObject) { throw new NotImplementedException(); }
        public static GameObject SaveAsPrefabAssetAndConnect(GameObject instanceRoot, string assetPath, InteractionMode action, out bool success) { throw new NotImplementedException(); }
    }

    // Editor/Mono/Prefabs/PropertyModification.bindings.cs
    public sealed class PropertyModification
    {
        public Object target;
        public string propertyPath;
        public string value;
        public Object objectReference;
    }

    // Editor/Mono/GameObjectUtility.bindings.cs; DuplicateGameObject is there from 6000.0.
    public sealed partial class GameObjectUtility
    {
#if UNITY_6000_0_OR_NEWER
        public static GameObject DuplicateGameObject(GameObject gameObject) { throw new NotImplementedException(); }
#endif
    }

    public partial class AssetDatabase
    {
        public static string[] FindAssets(string filter) { throw new NotImplementedException(); }
        public static string[] FindAssets(string filter, string[] searchInFolders) { throw new NotImplementedException(); }
        public static string CreateFolder(string parentFolder, string newFolderName) { throw new NotImplementedException(); }
        public static string GenerateUniqueAssetPath(string path) { throw new NotImplementedException(); }
        public static bool MoveAssetToTrash(string path) { throw new NotImplementedException(); }
        public static bool IsValidFolder(string path) { throw new NotImplementedException(); }
        public static void CreateAsset(Object asset, string path) { }
        public static string GetAssetPath(Object assetObject) { throw new NotImplementedException(); }
        public static T LoadAssetAtPath<T>(string assetPath) where T : Object { throw new NotImplementedException(); }
        public static Object LoadMainAssetAtPath(string assetPath) { throw new NotImplementedException(); }
        public static Type GetMainAssetTypeAtPath(string assetPath) { throw new NotImplementedException(); }
        public static Object[] LoadAllAssetsAtPath(string assetPath) { throw new NotImplementedException(); }
        public static string GUIDToAssetPath(string guid) { throw new NotImplementedException(); }
        public static string AssetPathToGUID(string path) { throw new NotImplementedException(); }
        public static void Refresh() { }
        public static void DisallowAutoRefresh() { }
        public static void AllowAutoRefresh() { }
    }

    public partial class AssetPostprocessor { }

    public partial class AssetImporter : Object
    {
        public static AssetImporter GetAtPath(string path) { throw new NotImplementedException(); }
        public void SaveAndReimport() { }
    }

    public partial class EditorWindow : ScriptableObject
    {
        public VisualElement rootVisualElement { get { throw new NotImplementedException(); } }
        public static T GetWindow<T>(string title) where T : EditorWindow { throw new NotImplementedException(); }
        public static EditorWindow GetWindow(Type windowType) { throw new NotImplementedException(); }
    }

    // Editor/Mono/ProjectWindow/SearchableEditorWindow.cs, Editor/Mono/SceneView/SceneView.cs (2022.3).
    public class SearchableEditorWindow : EditorWindow { }

    public partial class SceneView : SearchableEditorWindow
    {
        public static SceneView lastActiveSceneView { get { throw new NotImplementedException(); } }
        public Camera camera { get { throw new NotImplementedException(); } }
    }

    public enum SettingsScope { User, Project }

    public class SettingsProvider
    {
        public SettingsProvider(string path, SettingsScope scopes, IEnumerable<string> keywords = null) { }
        public Action<string, VisualElement> activateHandler { get; set; }
    }

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class SettingsProviderAttribute : Attribute { }
}

namespace UnityEditor.SceneManagement
{
    // Editor/Mono/EditorSceneManager.cs and EditorSceneManager.bindings.cs (2022.3).
    public enum OpenSceneMode { Single, Additive, AdditiveWithoutLoading }

    public sealed partial class EditorSceneManager : UnityEngine.SceneManagement.SceneManager
    {
        public delegate void SceneClosedCallback(UnityEngine.SceneManagement.Scene scene);
        public static event SceneClosedCallback sceneClosed { add { } remove { } }
        public static UnityEngine.SceneManagement.Scene OpenScene(string scenePath, OpenSceneMode mode) { throw new NotImplementedException(); }
        public static bool SaveScene(UnityEngine.SceneManagement.Scene scene) { throw new NotImplementedException(); }
        public static bool SaveScene(UnityEngine.SceneManagement.Scene scene, string dstScenePath, bool saveAsCopy) { throw new NotImplementedException(); }
    }

    // StageManager/PrefabStage/PrefabStage.cs, PrefabStageUtility.cs, StageManager/StageUtility.cs (2022.3).
    // StageManager/Stage.cs, PreviewSceneStage.cs (the same on 2022.3 to 6000.5): a prefab stage's objects
    // live in its own preview scene.
    public abstract class Stage : ScriptableObject { }

    public abstract class PreviewSceneStage : Stage
    {
        protected PreviewSceneStage() { }
        public UnityEngine.SceneManagement.Scene scene { get { throw new NotImplementedException(); } protected set { } }
    }

    public sealed partial class PrefabStage : PreviewSceneStage
    {
        private PrefabStage() { }
        public static event Action<PrefabStage> prefabStageOpened { add { } remove { } }
        public static event Action<PrefabStage> prefabStageClosing { add { } remove { } }
        public string assetPath { get { throw new NotImplementedException(); } }
        public GameObject prefabContentsRoot { get { throw new NotImplementedException(); } }
    }

    public static class PrefabStageUtility
    {
        public static PrefabStage OpenPrefab(string prefabAssetPath) { throw new NotImplementedException(); }
        public static PrefabStage GetCurrentPrefabStage() { throw new NotImplementedException(); }
    }

    public static class StageUtility
    {
        public static void GoToMainStage() { }
        public static void PlaceGameObjectInCurrentStage(GameObject gameObject) { }
    }
}

namespace UnityEditor.Compilation
{
    // Editor/Mono/Scripting/ScriptCompilation/AssemblyBuilder.cs, CompilerMessage.cs, CompilationPipeline.cs (2022.3).
    [Flags]
    public enum AssemblyBuilderFlags { None = 0, EditorAssembly = 1, DevelopmentBuild = 2 }

    public enum CompilerMessageType { Error = 0, Warning = 1, Info = 2 }

    public struct CompilerMessage
    {
        public string message;
        public string file;
        public int line;
        public int column;
        public CompilerMessageType type;
    }

#if UNITY_6000_0_OR_NEWER
    [Obsolete("This feature is being deprecated and will be removed in the future. Similar functionality can be achieved using the Roslyn compiler")]
#endif
    public class AssemblyBuilder
    {
        public AssemblyBuilder(string assemblyPath, params string[] scriptPaths) { }
        public event Action<string, CompilerMessage[]> buildFinished { add { } remove { } }
        public string[] additionalReferences { get; set; }
        public AssemblyBuilderFlags flags { get; set; }
        public bool Build() { throw new NotImplementedException(); }
    }

    public enum AssembliesType { Editor = 0, Player = 1, PlayerWithoutTestAssemblies = 2 }

    public class Assembly
    {
        internal Assembly() { }
        public string outputPath { get { throw new NotImplementedException(); } }
    }

    public static partial class CompilationPipeline
    {
        public static event Action<object> compilationStarted { add { } remove { } }
        public static event Action<object> compilationFinished { add { } remove { } }
        public static event Action<string, CompilerMessage[]> assemblyCompilationFinished { add { } remove { } }
        public static Assembly[] GetAssemblies(AssembliesType assembliesType) { throw new NotImplementedException(); }
    }
}

namespace UnityEditor.PackageManager
{
    // Modules/PackageManager/Editor/Managed/PackageInfo.cs (2022.3).
    public sealed partial class PackageInfo
    {
        internal PackageInfo() { }
        public string resolvedPath { get { throw new NotImplementedException(); } }
        public string name { get { throw new NotImplementedException(); } }
        public string version { get { throw new NotImplementedException(); } }
        public string packageId { get { throw new NotImplementedException(); } }
        public static PackageInfo FindForAssembly(System.Reflection.Assembly assembly) { throw new NotImplementedException(); }
    }

    // Modules/PackageManager/Editor/Managed/StatusCode.cs, ErrorCode.cs, Error.cs, Client.cs (2022.3).
    public enum StatusCode { InProgress, Success, Failure }
    public enum ErrorCode { Unknown, NotFound, Forbidden, InvalidParameter, Conflict, AggregateError }

    public class Error
    {
        internal Error() { }
        public ErrorCode errorCode { get { throw new NotImplementedException(); } }
        public string message { get { throw new NotImplementedException(); } }
    }

    public static partial class Client
    {
        public static Requests.AddRequest Add(string identifier) { throw new NotImplementedException(); }
    }
}

namespace UnityEditor.PackageManager.Requests
{
    // Modules/PackageManager/Editor/Managed/Requests/Request.cs and AddRequest.cs (2022.3).
    public abstract partial class Request
    {
        internal Request() { }
        public StatusCode Status { get { throw new NotImplementedException(); } }
        public bool IsCompleted { get { throw new NotImplementedException(); } }
        public Error Error { get { throw new NotImplementedException(); } }
    }

    public abstract class Request<T> : Request
    {
        internal Request() { }
        public T Result { get { throw new NotImplementedException(); } }
    }

    public sealed partial class AddRequest : Request<PackageInfo>
    {
        internal AddRequest() { }
    }
}
