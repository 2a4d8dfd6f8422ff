// Stubs of the UnityEditor animation types the package uses, for compiling it with mcs (never run).
// Derived from Unity-Technologies/UnityCsReference, branches 2022.3 to 6000.5 (the same on each for these members):
//   Editor/Mono/Animation/AnimationUtility.bindings.cs (ObjectReferenceKeyframe, AnimationUtility),
//   EditorCurveBinding.bindings.cs, AnimationClipSettings.bindings.cs; Editor/Mono/AnimatorController.bindings.cs and
//   Animation/AnimatorController.cs; Editor/Mono/AnimatorControllerLayer.bindings.cs; Editor/Mono/StateMachine.bindings.cs
//   and Animation/StateMachine.cs; Editor/Mono/BlendTree.bindings.cs and Animation/BlendTree.cs;
//   Modules/AssetDatabase/Editor/ScriptBindings/AssetDatabase.bindings.cs (SaveAssets, AddObjectToAsset, IsMainAsset);
//   Editor/Mono/Undo/Undo.bindings.cs (ClearUndo); Editor/Mono/EditorUtility.bindings.cs (SetDirty).
// Only the members the package uses, with Unity's names, signatures and enum values; a constructor Unity
// keeps protected is protected here too.
using System;
using UnityEngine;
using Object = UnityEngine.Object;

namespace UnityEditor
{
    public struct ObjectReferenceKeyframe
    {
        public float time;
        public Object value;
    }

    public struct EditorCurveBinding : IEquatable<EditorCurveBinding>
    {
        public string path;
        public string propertyName;
        public Type type { get { throw new NotImplementedException(); } set { } }
        public static EditorCurveBinding FloatCurve(string inPath, Type inType, string inPropertyName) { throw new NotImplementedException(); }
        public static EditorCurveBinding PPtrCurve(string inPath, Type inType, string inPropertyName) { throw new NotImplementedException(); }
        public bool Equals(EditorCurveBinding other) { throw new NotImplementedException(); }
        public override bool Equals(object other) { throw new NotImplementedException(); }
        public override int GetHashCode() { throw new NotImplementedException(); }
        public static bool operator ==(EditorCurveBinding lhs, EditorCurveBinding rhs) { throw new NotImplementedException(); }
        public static bool operator !=(EditorCurveBinding lhs, EditorCurveBinding rhs) { throw new NotImplementedException(); }
    }

    public class AnimationClipSettings
    {
        public bool loopTime;
    }

    public partial class AnimationUtility
    {
        public static EditorCurveBinding[] GetCurveBindings(AnimationClip clip) { throw new NotImplementedException(); }
        public static EditorCurveBinding[] GetObjectReferenceCurveBindings(AnimationClip clip) { throw new NotImplementedException(); }
        public static ObjectReferenceKeyframe[] GetObjectReferenceCurve(AnimationClip clip, EditorCurveBinding binding) { throw new NotImplementedException(); }
        public static void SetObjectReferenceCurve(AnimationClip clip, EditorCurveBinding binding, ObjectReferenceKeyframe[] keyframes) { }
        public static AnimationCurve GetEditorCurve(AnimationClip clip, EditorCurveBinding binding) { throw new NotImplementedException(); }
        public static void SetEditorCurve(AnimationClip clip, EditorCurveBinding binding, AnimationCurve curve) { }
        public static AnimationEvent[] GetAnimationEvents(AnimationClip clip) { throw new NotImplementedException(); }
        public static void SetAnimationEvents(AnimationClip clip, AnimationEvent[] events) { }
        public static AnimationClipSettings GetAnimationClipSettings(AnimationClip clip) { throw new NotImplementedException(); }
        public static void SetAnimationClipSettings(AnimationClip clip, AnimationClipSettings srcClipInfo) { }
    }

    public partial class AssetDatabase
    {
        public static bool IsMainAsset(Object obj) { throw new NotImplementedException(); }
        public static void AddObjectToAsset(Object objectToAdd, Object assetObject) { }
        public static void SaveAssets() { }
    }

    public partial class Undo
    {
        public static void ClearUndo(Object identifier) { }
    }

    public partial class EditorUtility
    {
        public static void SetDirty(Object target) { }
    }
}

namespace UnityEditor.Animations
{
    public enum AnimatorConditionMode
    {
        If = 1,
        IfNot = 2,
        Greater = 3,
        Less = 4,
        Equals = 6,
        NotEqual = 7,
    }

    public struct AnimatorCondition
    {
        public AnimatorConditionMode mode { get { throw new NotImplementedException(); } set { } }
        public string parameter { get { throw new NotImplementedException(); } set { } }
        public float threshold { get { throw new NotImplementedException(); } set { } }
    }

    public partial class AnimatorTransitionBase : Object
    {
        protected AnimatorTransitionBase() { }
        public AnimatorState destinationState { get { throw new NotImplementedException(); } set { } }
        public AnimatorCondition[] conditions { get { throw new NotImplementedException(); } set { } }
        public void AddCondition(AnimatorConditionMode mode, float threshold, string parameter) { }
    }

    public class AnimatorStateTransition : AnimatorTransitionBase
    {
        public AnimatorStateTransition() { }
        public float duration { get { throw new NotImplementedException(); } set { } }
        public float exitTime { get { throw new NotImplementedException(); } set { } }
        public bool hasExitTime { get { throw new NotImplementedException(); } set { } }
    }

    public sealed partial class AnimatorState : Object
    {
        public AnimatorState() { }
        public Motion motion { get { throw new NotImplementedException(); } set { } }
        public float speed { get { throw new NotImplementedException(); } set { } }
        public AnimatorStateTransition[] transitions { get { throw new NotImplementedException(); } set { } }
        public AnimatorStateTransition AddTransition(AnimatorState destinationState) { throw new NotImplementedException(); }
    }

    public struct ChildAnimatorState
    {
        public AnimatorState state { get { throw new NotImplementedException(); } set { } }
    }

    public sealed partial class AnimatorStateMachine : Object
    {
        public AnimatorStateMachine() { }
        public ChildAnimatorState[] states { get { throw new NotImplementedException(); } set { } }
        public AnimatorState defaultState { get { throw new NotImplementedException(); } set { } }
        public AnimatorStateTransition[] anyStateTransitions { get { throw new NotImplementedException(); } set { } }
        public AnimatorState AddState(string name) { throw new NotImplementedException(); }
        public AnimatorStateTransition AddAnyStateTransition(AnimatorState destinationState) { throw new NotImplementedException(); }
    }

    public partial class AnimatorControllerLayer
    {
        public string name { get { throw new NotImplementedException(); } set { } }
        public AnimatorStateMachine stateMachine { get { throw new NotImplementedException(); } set { } }
    }

    public sealed partial class AnimatorController : RuntimeAnimatorController
    {
        public AnimatorController() { }
        public AnimatorControllerLayer[] layers { get { throw new NotImplementedException(); } set { } }
        public AnimatorControllerParameter[] parameters { get { throw new NotImplementedException(); } set { } }
        public void AddLayer(string name) { }
        public void RemoveLayer(int index) { }
        public void AddParameter(AnimatorControllerParameter paramater) { }
        public void RemoveParameter(int index) { }
        public static AnimatorController CreateAnimatorControllerAtPath(string path) { throw new NotImplementedException(); }
    }

    public enum BlendTreeType
    {
        Simple1D = 0,
        SimpleDirectional2D = 1,
        FreeformDirectional2D = 2,
        FreeformCartesian2D = 3,
        Direct = 4,
    }

    public struct ChildMotion
    {
        public Motion motion { get { throw new NotImplementedException(); } set { } }
        public float threshold { get { throw new NotImplementedException(); } set { } }
        public Vector2 position { get { throw new NotImplementedException(); } set { } }
    }

    public partial class BlendTree : Motion
    {
        public BlendTree() { }
        public string blendParameter { get { throw new NotImplementedException(); } set { } }
        public string blendParameterY { get { throw new NotImplementedException(); } set { } }
        public BlendTreeType blendType { get { throw new NotImplementedException(); } set { } }
        public ChildMotion[] children { get { throw new NotImplementedException(); } set { } }
        public bool useAutomaticThresholds { get { throw new NotImplementedException(); } set { } }
        public void AddChild(Motion motion, float threshold) { }
        public void AddChild(Motion motion, Vector2 position) { }
    }
}
