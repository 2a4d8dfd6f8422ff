// Stubs of the ModelImporter members the avatar primitives use, for compiling the package with mcs (never run).
// Derived from Unity-Technologies/UnityCsReference, branches 2022.3 to 6000.5 (the same on each for these members):
//   Modules/AssetPipelineEditor/Public/ModelImporting/ModelImporter.bindings.cs (ModelImporter,
//   ModelImporterAnimationType, ModelImporterAvatarSetup).
using System;
using UnityEngine;

namespace UnityEditor
{
    public enum ModelImporterAnimationType
    {
        None = 0,
        Legacy = 1,
        Generic = 2,
        Human = 3
    }

    public enum ModelImporterAvatarSetup
    {
        NoAvatar = 0,
        CreateFromThisModel = 1,
        CopyFromOther = 2,
    }

    public partial class ModelImporter : AssetImporter
    {
        public ModelImporterAnimationType animationType { get { throw new NotImplementedException(); } set { } }
        public ModelImporterAvatarSetup avatarSetup { get { throw new NotImplementedException(); } set { } }
        public HumanDescription humanDescription { get { throw new NotImplementedException(); } set { } }
        public bool autoGenerateAvatarMappingIfUnspecified { get { throw new NotImplementedException(); } set { } }
    }
}
