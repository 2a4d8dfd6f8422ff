// asset.find/create/delete through AssetDatabase (and PrefabUtility for prefabs).
using System;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class AssetPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("asset.find", Find);
            table.Add("asset.create", Create);
            table.Add("asset.delete", Delete);
        }

        static JObject Describe(string path)
        {
            Type type = AssetDatabase.GetMainAssetTypeAtPath(path);
            return new JObject
            {
                { "path", path }, { "guid", AssetDatabase.AssetPathToGUID(path) },
                { "type", type != null ? type.FullName : "unknown" }, { "isFolder", AssetDatabase.IsValidFolder(path) },
            };
        }

        static JObject Find(JObject parameters)
        {
            string filter = Params.OptionalString(parameters, "filter", string.Empty);
            JArray foldersParam = parameters["folders"] as JArray;
            int limit = (int)Params.OptionalInteger(parameters, "limit", 200, 1, 5000);
            string cursor = Params.OptionalString(parameters, "cursor", null);
            int offset = 0;
            if (cursor != null && (!int.TryParse(cursor, out offset) || offset < 0))
                throw PrimitiveError.InvalidParams("params.cursor must be a cursor returned as nextCursor");
            string[] guids;
            if (foldersParam != null && foldersParam.Count > 0)
            {
                var folders = new string[foldersParam.Count];
                for (int index = 0; index < folders.Length; ++index)
                {
                    folders[index] = (string)foldersParam[index];
                    if (folders[index] == null || !AssetDatabase.IsValidFolder(folders[index]))
                        throw PrimitiveError.NotFound("params.folders[" + index + "] is not a folder of this project");
                }
                guids = AssetDatabase.FindAssets(filter, folders);
            }
            else
                guids = AssetDatabase.FindAssets(filter);
            var assets = new JArray();
            for (int index = offset; index < guids.Length && assets.Count < limit; ++index)
                assets.Add(Describe(AssetDatabase.GUIDToAssetPath(guids[index])));
            var result = new JObject { { "assets", assets }, { "total", guids.Length } };
            if (offset + assets.Count < guids.Length)
                result["nextCursor"] = (offset + assets.Count).ToString();
            return result;
        }

        static void CheckInsideAssets(string path)
        {
            if (!(path == "Assets" || path.StartsWith("Assets/", StringComparison.Ordinal)) || path.Contains(".."))
                throw PrimitiveError.InvalidParams("asset paths must lie under Assets/ (got " + path + ")");
        }

        static JObject Create(JObject parameters)
        {
            string path = Params.RequiredString(parameters, "path");
            string kind = Params.RequiredString(parameters, "kind");
            CheckInsideAssets(path);
            string parent = System.IO.Path.GetDirectoryName(path).Replace('\\', '/');
            if (!AssetDatabase.IsValidFolder(parent))
                throw PrimitiveError.NotFound("the folder " + parent + " does not exist; create it first (asset.create kind Folder)");
            string unique = AssetDatabase.GenerateUniqueAssetPath(path);
            MaterialShaders.Choice shaderChoice = null;
            switch (kind)
            {
                case "Folder":
                    string guid = AssetDatabase.CreateFolder(parent, System.IO.Path.GetFileName(unique));
                    unique = AssetDatabase.GUIDToAssetPath(guid);
                    break;
                case "Material":
                    shaderChoice = MaterialShaders.Choose(Params.OptionalString(parameters, "shader", null));
                    AssetDatabase.CreateAsset(new Material(shaderChoice.Shader), unique);
                    break;
                case "ScriptableObject":
                    string typeName = Params.RequiredString(parameters, "type");
                    Type type = null;
                    foreach (Type candidate in TypeCache.GetTypesDerivedFrom(typeof(ScriptableObject)))
                        if (!candidate.IsAbstract && (candidate.FullName == typeName || candidate.Name == typeName))
                            type = candidate;
                    if (type == null)
                        throw PrimitiveError.NotFound("no ScriptableObject type named " + typeName + " (type.find lists them)");
                    AssetDatabase.CreateAsset(ScriptableObject.CreateInstance(type), unique);
                    break;
                case "Prefab":
                    GameObject source = SceneObjects.ResolveGameObject(Params.RequiredObject(parameters, "source"), "params.source");
                    bool success;
                    PrefabUtility.SaveAsPrefabAssetAndConnect(source, unique, InteractionMode.UserAction, out success);
                    if (!success)
                        throw new PrimitiveError(ErrorCodes.Conflict, "Unity did not save " + source.name + " as a prefab at " + unique + " (read the Console for why)");
                    break;
                default:
                    throw PrimitiveError.InvalidParams("params.kind must be Folder, Material, ScriptableObject or Prefab");
            }
            if (AssetDatabase.LoadMainAssetAtPath(unique) == null && !AssetDatabase.IsValidFolder(unique))
                throw new PrimitiveError(ErrorCodes.InternalError, "the asset was not found at " + unique + " after creating it");
            // The same shape as the simulator's and the one uap_asset_create reads: exists, asset, renamed.
            var observed = new JObject { { "exists", true }, { "asset", Describe(unique) }, { "renamed", unique != path } };
            if (shaderChoice != null)
                observed["shader"] = shaderChoice.Description;
            return new JObject { { "observed", observed } };
        }

        static JObject Delete(JObject parameters)
        {
            string path = Params.RequiredString(parameters, "path");
            CheckInsideAssets(path);
            if (AssetDatabase.LoadMainAssetAtPath(path) == null && !AssetDatabase.IsValidFolder(path))
                throw PrimitiveError.NotFound("no asset at " + path);
            if (!AssetDatabase.MoveAssetToTrash(path))
                throw new PrimitiveError(ErrorCodes.Conflict, "Unity did not move " + path + " to the trash (read the Console for why)");
            bool exists = AssetDatabase.LoadMainAssetAtPath(path) != null || AssetDatabase.IsValidFolder(path);
            return new JObject { { "observed", new JObject { { "path", path }, { "exists", exists }, { "trashed", true } } } };
        }
    }
}
