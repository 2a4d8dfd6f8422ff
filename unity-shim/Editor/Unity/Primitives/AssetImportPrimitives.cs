// asset.importSettings.get/set: an asset's importer read and written through SerializedObject like
// any component, then reimported. The write is declared not undoable, so it is applied without an Undo
// step (ApplyModifiedPropertiesWithoutUndo); observed says so.
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace AgentPanel.Editor.Primitives
{
    static class AssetImportPrimitives
    {
        const int MaxSettings = 2000;

        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("asset.importSettings.get", Get);
            table.Add("asset.importSettings.set", Set);
        }

        static AssetImporter Importer(JObject parameters)
        {
            string path = Params.RequiredString(parameters, "path");
            AssetImporter importer = AssetImporter.GetAtPath(path);
            if (importer == null)
                throw PrimitiveError.NotFound("no asset with an importer at " + path);
            return importer;
        }

        static JObject Get(JObject parameters)
        {
            AssetImporter importer = Importer(parameters);
            var settings = new JArray();
            bool truncated = false;
            using (var serialized = new SerializedObject(importer))
            {
                SerializedProperty iterator = serialized.GetIterator();
                for (bool enter = true; iterator.NextVisible(enter); enter = iterator.propertyType == SerializedPropertyType.Generic)
                {
                    if (settings.Count == MaxSettings)
                    {
                        truncated = true;
                        break;
                    }
                    settings.Add(TypedValues.Describe(iterator));
                }
            }
            return new JObject { { "importer", importer.GetType().FullName }, { "settings", settings }, { "truncated", truncated } };
        }

        static JObject Set(JObject parameters)
        {
            AssetImporter importer = Importer(parameters);
            JArray observed = PropertyPrimitives.Write(importer, Params.RequiredArray(parameters, "values"), PropertyPrimitives.UndoRecording.NotUndoable);
            importer.SaveAndReimport();
            return new JObject { { "observed", new JObject { { "settings", observed }, { "reimported", true }, { "undoable", false } } } };
        }
    }
}
