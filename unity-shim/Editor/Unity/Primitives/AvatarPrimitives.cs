// model.avatar.configure and model.avatar.read: a model's Humanoid set-up through its ModelImporter. A
// configure is checked whole (bone names against HumanTrait, transforms against the model's hierarchy)
// before the importer changes; whether Unity built a valid Avatar from it is what model.avatar.read reports.
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class AvatarPrimitives
    {
        const int MaxTransforms = 2000;

        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("model.avatar.configure", Configure);
            table.Add("model.avatar.read", Read);
        }

        static ModelImporter Importer(string path)
        {
            AssetImporter importer = AssetImporter.GetAtPath(path);
            if (importer == null)
                throw PrimitiveError.NotFound("no asset at '" + path + "'");
            var model = importer as ModelImporter;
            if (model == null)
                throw PrimitiveError.TypeMismatch("'" + path + "' is imported by a " + importer.GetType().Name + ", not a ModelImporter (.fbx, .obj, ...)");
            return model;
        }

        // The model's transforms as its import made them, root first and depth first.
        static Transform[] Transforms(string path)
        {
            var root = AssetDatabase.LoadAssetAtPath<GameObject>(path);
            return root == null ? new Transform[0] : root.GetComponentsInChildren<Transform>(true);
        }

        static Avatar ImportedAvatar(string path)
        {
            foreach (Object asset in AssetDatabase.LoadAllAssetsAtPath(path))
            {
                var avatar = asset as Avatar;
                if (avatar != null)
                    return avatar;
            }
            return null;
        }

        // The requested human bones, each checked before anything changes.
        static HumanBone[] Mapping(JArray mapping, Transform[] transforms)
        {
            var known = new HashSet<string>(HumanTrait.BoneName);
            var names = new HashSet<string>();
            foreach (Transform transform in transforms)
                names.Add(transform.name);
            var seen = new HashSet<string>();
            var bones = new List<HumanBone>();
            for (int index = 0; index < mapping.Count; index++)
            {
                var entry = (JObject)mapping[index];
                string where = "mapping[" + index + "]";
                string humanBone = Params.RequiredString(entry, "humanBone");
                string transform = Params.RequiredString(entry, "transform");
                if (!known.Contains(humanBone))
                    throw PrimitiveError.InvalidParams(where + ".humanBone: '" + humanBone + "' is not a human bone; HumanTrait.BoneName lists " + string.Join(", ", HumanTrait.BoneName));
                if (!seen.Add(humanBone))
                    throw PrimitiveError.InvalidParams(where + ".humanBone: '" + humanBone + "' is mapped twice");
                if (!names.Contains(transform))
                    throw PrimitiveError.NotFound(where + ".transform: the model has no transform named '" + transform + "'");
                var bone = new HumanBone { humanName = humanBone, boneName = transform };
                bone.limit = new HumanLimit { useDefaultValues = true };
                bones.Add(bone);
            }
            return bones.ToArray();
        }

        // The model's pose as the Avatar's skeleton, as the Avatar configuration window records it
        // (AvatarSetupTool.GetSkeletonBones): every transform with its local position, rotation and scale.
        static SkeletonBone[] Skeleton(Transform[] transforms)
        {
            var skeleton = new SkeletonBone[transforms.Length];
            for (int index = 0; index < transforms.Length; index++)
                skeleton[index] = new SkeletonBone
                {
                    name = transforms[index].name, position = transforms[index].localPosition, rotation = transforms[index].localRotation,
                    scale = transforms[index].localScale,
                };
            return skeleton;
        }

        static JObject Configure(JObject parameters)
        {
            string path = Params.RequiredString(parameters, "path");
            ModelImporter importer = Importer(path);
            Transform[] transforms = Transforms(path);
            var mapping = parameters["mapping"] as JArray;
            HumanBone[] human = mapping != null ? Mapping(mapping, transforms) : new HumanBone[0];

            importer.animationType = ModelImporterAnimationType.Human;
            importer.avatarSetup = ModelImporterAvatarSetup.CreateFromThisModel;
            // Without a mapping the human bones are left empty, which is what makes the import map them itself.
            importer.autoGenerateAvatarMappingIfUnspecified = mapping == null;
            HumanDescription description = importer.humanDescription;
            description.human = human;
            description.skeleton = mapping != null ? Skeleton(transforms) : new SkeletonBone[0];
            importer.humanDescription = description;
            importer.SaveAndReimport();
            return new JObject
            {
                { "observed", new JObject { { "path", path }, { "guid", AssetDatabase.AssetPathToGUID(path) }, { "animationType", importer.animationType.ToString() } } },
            };
        }

        // Human bone → transform as the importer holds it, or as the Avatar was built when the importer's is empty
        // (an automatic mapping made during the import).
        static Dictionary<string, string> MappedBones(ModelImporter importer, Avatar avatar)
        {
            var mapped = new Dictionary<string, string>();
            if (importer.animationType != ModelImporterAnimationType.Human)
                return mapped;
            HumanBone[] human = importer.humanDescription.human;
            if ((human == null || human.Length == 0) && avatar != null)
                human = avatar.humanDescription.human;
            if (human != null)
                foreach (HumanBone bone in human)
                    mapped[bone.humanName] = bone.boneName;
            return mapped;
        }

        static JObject Read(JObject parameters)
        {
            string path = Params.RequiredString(parameters, "path");
            ModelImporter importer = Importer(path);
            Avatar avatar = ImportedAvatar(path);
            Dictionary<string, string> mapped = MappedBones(importer, avatar);
            string[] boneNames = HumanTrait.BoneName;
            var bones = new JArray();
            var missing = new JArray();
            for (int index = 0; index < HumanTrait.BoneCount; index++)
            {
                string transform;
                bool isMapped = mapped.TryGetValue(boneNames[index], out transform);
                bool required = HumanTrait.RequiredBone(index);
                bones.Add(new JObject { { "humanBone", boneNames[index] }, { "required", required }, { "transform", isMapped ? transform : null } });
                if (required && !isMapped)
                    missing.Add(boneNames[index]);
            }
            Transform[] transforms = Transforms(path);
            var transformNames = new JArray();
            for (int index = 0; index < transforms.Length && index < MaxTransforms; index++)
                transformNames.Add(transforms[index].name);
            JToken avatarJson = avatar == null
                ? (JToken)JValue.CreateNull()
                : new JObject { { "name", avatar.name }, { "isValid", avatar.isValid }, { "isHuman", avatar.isHuman } };
            return new JObject
            {
                { "path", path }, { "guid", AssetDatabase.AssetPathToGUID(path) }, { "animationType", importer.animationType.ToString() },
                { "avatar", avatarJson }, { "bones", bones }, { "missingRequired", missing }, { "transforms", transformNames },
                { "transformCount", transforms.Length },
            };
        }
    }
}
