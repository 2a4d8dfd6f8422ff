// Stubs of the UnityEngine Humanoid types the avatar primitives use, for compiling the package with mcs (never run).
// Derived from Unity-Technologies/UnityCsReference, branches 2022.3 to 6000.5 (the same on each for these members):
//   Modules/Animation/ScriptBindings/Avatar.bindings.cs (Avatar), HumanTrait.bindings.cs (HumanTrait),
//   AvatarBuilder.bindings.cs (SkeletonBone, HumanLimit, HumanBone, HumanDescription).
using System;

namespace UnityEngine
{
    public class Avatar : Object
    {
        private Avatar() { }
        public bool isValid { get { throw new NotImplementedException(); } }
        public bool isHuman { get { throw new NotImplementedException(); } }
        public HumanDescription humanDescription { get { throw new NotImplementedException(); } }
    }

    public class HumanTrait
    {
        public static int BoneCount { get { throw new NotImplementedException(); } }
        public static string[] BoneName { get { throw new NotImplementedException(); } }
        public static bool RequiredBone(int i) { throw new NotImplementedException(); }
    }

    public struct SkeletonBone
    {
        public string name;
        public Vector3 position;
        public Quaternion rotation;
        public Vector3 scale;
    }

    public struct HumanLimit
    {
        public bool useDefaultValues { get { throw new NotImplementedException(); } set { } }
    }

    public struct HumanBone
    {
        public HumanLimit limit;
        public string boneName { get { throw new NotImplementedException(); } set { } }
        public string humanName { get { throw new NotImplementedException(); } set { } }
    }

    public struct HumanDescription
    {
        public HumanBone[] human;
        public SkeletonBone[] skeleton;
    }
}
