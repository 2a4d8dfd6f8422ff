// Stubs of the UnityEngine animation types the package uses, for compiling it with mcs (never run).
// Derived from Unity-Technologies/UnityCsReference, branches 2022.3 to 6000.5 (the same on each for these members):
//   Modules/Animation/ScriptBindings/Motion.bindings.cs, AnimationClip.bindings.cs, Animation.bindings.cs (AnimationEvent),
//   RuntimeAnimatorController.bindings.cs, AnimatorControllerParameter.bindings.cs, Animator.bindings.cs
//   (AnimatorControllerParameterType); Runtime/Export/Animation/AnimationCurve.bindings.cs (Keyframe, AnimationCurve).
// Only the members the package uses, with Unity's names, signatures and enum values; a constructor Unity
// keeps protected is protected here too.
using System;

namespace UnityEngine
{
    public partial class Motion : Object
    {
        protected Motion() { }
    }

    public sealed class AnimationClip : Motion
    {
        public AnimationClip() { }
        public float length { get { throw new NotImplementedException(); } }
        public float frameRate { get { throw new NotImplementedException(); } set { } }
    }

    public partial class RuntimeAnimatorController : Object
    {
        protected RuntimeAnimatorController() { }
    }

    public struct Keyframe
    {
        public Keyframe(float time, float value, float inTangent, float outTangent) { }
        public float time { get { throw new NotImplementedException(); } set { } }
        public float value { get { throw new NotImplementedException(); } set { } }
        public float inTangent { get { throw new NotImplementedException(); } set { } }
        public float outTangent { get { throw new NotImplementedException(); } set { } }
    }

    public class AnimationCurve : IEquatable<AnimationCurve>
    {
        public AnimationCurve(params Keyframe[] keys) { }
        public Keyframe[] keys { get { throw new NotImplementedException(); } set { } }
        public bool Equals(AnimationCurve other) { throw new NotImplementedException(); }
    }

    public sealed class AnimationEvent
    {
        public AnimationEvent() { }
        public string stringParameter { get { throw new NotImplementedException(); } set { } }
        public float floatParameter { get { throw new NotImplementedException(); } set { } }
        public int intParameter { get { throw new NotImplementedException(); } set { } }
        public string functionName { get { throw new NotImplementedException(); } set { } }
        public float time { get { throw new NotImplementedException(); } set { } }
    }

    public enum AnimatorControllerParameterType
    {
        Float = 1,
        Int = 3,
        Bool = 4,
        Trigger = 9,
    }

    public class AnimatorControllerParameter
    {
        public string name { get { throw new NotImplementedException(); } set { } }
        public AnimatorControllerParameterType type { get { throw new NotImplementedException(); } set { } }
        public float defaultFloat { get { throw new NotImplementedException(); } set { } }
        public int defaultInt { get { throw new NotImplementedException(); } set { } }
        public bool defaultBool { get { throw new NotImplementedException(); } set { } }
    }
}
