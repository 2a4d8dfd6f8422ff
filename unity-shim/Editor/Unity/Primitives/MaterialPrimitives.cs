// material.describe and material.set: a shader's typed property table (Shader.GetProperty*), its
// keywords (Shader.keywordSpace) and queue, a material's values by property name; writes are checked
// against the table before any is made, recorded with Undo.RecordObject, and answered as stored.
using System;
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityEngine.Rendering;

namespace AgentPanel.Editor.Primitives
{
    static class MaterialPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("material.describe", Describe);
            table.Add("material.set", Set);
        }

        static Material LoadMaterial(string path)
        {
            Material material = AssetDatabase.LoadAssetAtPath<Material>(path);
            if (material == null)
            {
                if (AssetDatabase.LoadAssetAtPath<UnityEngine.Object>(path) != null)
                    throw PrimitiveError.TypeMismatch("asset '" + path + "' is not a Material");
                throw PrimitiveError.NotFound("no asset at '" + path + "'");
            }
            if (material.shader == null)
                throw PrimitiveError.NotFound("material '" + path + "' has no shader");
            return material;
        }

        static JObject Describe(JObject parameters)
        {
            string assetPath = Params.OptionalString(parameters, "assetPath", null);
            string shaderName = Params.OptionalString(parameters, "shader", null);
            if (assetPath != null && shaderName != null)
                throw PrimitiveError.InvalidParams("name assetPath (a material) or shader (a shader name), not both");
            Material material = assetPath != null ? LoadMaterial(assetPath) : null;
            Shader shader;
            var shaderInfo = new JObject();
            if (material != null)
                shader = material.shader;
            else if (shaderName != null)
            {
                shader = Shader.Find(shaderName);
                if (shader == null)
                    throw PrimitiveError.NotFound("no shader named '" + shaderName + "' (Shader.Find answers null)");
            }
            else
            {
                // The shader asset.create gives a new material: the same choice, made in one place.
                MaterialShaders.Choice choice = MaterialShaders.Choose(null);
                shader = choice.Shader;
                shaderInfo["chosenBy"] = choice.Description["chosenBy"];
                shaderInfo["renderPipeline"] = choice.Description["renderPipeline"];
            }
            shaderInfo["name"] = shader.name;
            shaderInfo["renderQueue"] = shader.renderQueue;
            var properties = new JArray();
            int count = shader.GetPropertyCount();
            for (int index = 0; index < count; ++index)
                properties.Add(PropertyRow(shader, index, material));
            var result = new JObject
            {
                { "shader", shaderInfo },
                { "properties", properties },
                { "keywords", new JArray(shader.keywordSpace.keywordNames) },
            };
            if (material != null)
                result["material"] = MaterialState(material, assetPath);
            return result;
        }

        static JObject MaterialState(Material material, string assetPath)
        {
            var enabled = new JArray();
            foreach (LocalKeyword keyword in material.enabledKeywords)
                enabled.Add(keyword.name);
            return new JObject { { "assetPath", assetPath }, { "renderQueue", material.renderQueue }, { "enabledKeywords", enabled } };
        }

        static JObject PropertyRow(Shader shader, int index, Material material)
        {
            string name = shader.GetPropertyName(index);
            ShaderPropertyType type = shader.GetPropertyType(index);
            var flags = new JArray();
            ShaderPropertyFlags set = shader.GetPropertyFlags(index);
            foreach (ShaderPropertyFlags flag in (ShaderPropertyFlags[])Enum.GetValues(typeof(ShaderPropertyFlags)))
                if (flag != ShaderPropertyFlags.None && (set & flag) == flag)
                    flags.Add(flag.ToString());
            var row = new JObject
            {
                { "name", name }, { "displayName", shader.GetPropertyDescription(index) }, { "type", type.ToString() }, { "flags", flags },
            };
            switch (type)
            {
                case ShaderPropertyType.Color:
                    Vector4 color = shader.GetPropertyDefaultVectorValue(index);
                    row["default"] = ColorValue(new Color(color.x, color.y, color.z, color.w));
                    break;
                case ShaderPropertyType.Vector:
                    row["default"] = VectorValue(shader.GetPropertyDefaultVectorValue(index));
                    break;
                case ShaderPropertyType.Float:
                    row["default"] = shader.GetPropertyDefaultFloatValue(index);
                    break;
                case ShaderPropertyType.Range:
                    Vector2 limits = shader.GetPropertyRangeLimits(index);
                    row["range"] = new JObject { { "min", limits.x }, { "max", limits.y } };
                    row["default"] = shader.GetPropertyDefaultFloatValue(index);
                    break;
                case ShaderPropertyType.Int:
                    row["default"] = shader.GetPropertyDefaultIntValue(index);
                    break;
                case ShaderPropertyType.Texture:
                    row["textureDimension"] = shader.GetPropertyTextureDimension(index).ToString();
                    // A texture property's default is a built-in texture's name ("white", "bump"), not an asset.
                    row["default"] = new JObject
                    {
                        { "texture", null }, { "builtIn", shader.GetPropertyTextureDefaultName(index) },
                        { "scale", new JObject { { "x", 1 }, { "y", 1 } } }, { "offset", new JObject { { "x", 0 }, { "y", 0 } } },
                    };
                    break;
            }
            if (material != null)
                row["value"] = CurrentValue(material, name, type);
            return row;
        }

        static JObject ColorValue(Color color) { return new JObject { { "r", color.r }, { "g", color.g }, { "b", color.b }, { "a", color.a } }; }
        static JObject VectorValue(Vector4 vector) { return new JObject { { "x", vector.x }, { "y", vector.y }, { "z", vector.z }, { "w", vector.w } }; }
        static JObject PairValue(Vector2 pair) { return new JObject { { "x", pair.x }, { "y", pair.y } }; }

        static JToken CurrentValue(Material material, string name, ShaderPropertyType type)
        {
            switch (type)
            {
                case ShaderPropertyType.Color: return ColorValue(material.GetColor(name));
                case ShaderPropertyType.Vector: return VectorValue(material.GetVector(name));
                case ShaderPropertyType.Float:
                case ShaderPropertyType.Range: return material.GetFloat(name);
                case ShaderPropertyType.Int: return material.GetInteger(name);
                default:
                    Texture texture = material.GetTexture(name);
                    string path = texture != null ? AssetDatabase.GetAssetPath(texture) : null;
                    return new JObject
                    {
                        { "texture", string.IsNullOrEmpty(path) ? (texture != null ? "(not an asset) " + texture.name : null) : path },
                        { "scale", PairValue(material.GetTextureScale(name)) }, { "offset", PairValue(material.GetTextureOffset(name)) },
                    };
            }
        }

        // One checked write, made only after every write of the request has been checked.
        sealed class Write
        {
            public string Name;
            public ShaderPropertyType Type;
            public JToken Value;
            public Texture Texture;
            public bool SetsTexture;
        }

        static float Number(JToken token, string where)
        {
            if (token == null || (token.Type != JTokenType.Float && token.Type != JTokenType.Integer))
                throw PrimitiveError.TypeMismatch(where + " must be a number; nothing was written");
            double value = (double)token;
            if (double.IsNaN(value) || double.IsInfinity(value) || Math.Abs(value) > float.MaxValue)
                throw PrimitiveError.TypeMismatch(where + " must be a finite 32-bit float; nothing was written");
            return (float)value;
        }

        static void CheckMembers(JToken value, string where, params string[] names)
        {
            var object_ = value as JObject;
            if (object_ == null || object_.Count != names.Length)
                throw PrimitiveError.TypeMismatch(where + " must be an object with exactly " + string.Join(", ", names) + "; nothing was written");
            foreach (string name in names)
                Number(object_[name], where + "." + name);
        }

        static Write Check(Shader shader, JObject entry, int position)
        {
            string where = "params.values[" + position + "]";
            string name = Params.RequiredString(entry, "name");
            int index = shader.FindPropertyIndex(name);
            if (index < 0)
                throw PrimitiveError.NotFound("shader '" + shader.name + "' has no property '" + name + "'; nothing was written");
            ShaderPropertyType type = shader.GetPropertyType(index);
            string declared = Params.RequiredString(entry, "type");
            if (declared != type.ToString())
                throw PrimitiveError.TypeMismatch("property '" + name + "' is " + type + ", not " + declared + "; nothing was written");
            JToken value = entry["value"];
            var write = new Write { Name = name, Type = type, Value = value };
            switch (type)
            {
                case ShaderPropertyType.Color: CheckMembers(value, where + ".value", "r", "g", "b", "a"); break;
                case ShaderPropertyType.Vector: CheckMembers(value, where + ".value", "x", "y", "z", "w"); break;
                case ShaderPropertyType.Float:
                case ShaderPropertyType.Range: Number(value, where + ".value"); break;
                case ShaderPropertyType.Int:
                    if (value == null || value.Type != JTokenType.Integer || (long)value < int.MinValue || (long)value > int.MaxValue)
                        throw PrimitiveError.TypeMismatch(where + ".value must be a 32-bit integer; nothing was written");
                    break;
                default: CheckTexture(shader, index, value as JObject, where + ".value", write); break;
            }
            return write;
        }

        static void CheckTexture(Shader shader, int index, JObject value, string where, Write write)
        {
            if (value == null)
                throw PrimitiveError.TypeMismatch(where + " must be an object {texture, scale, offset}; nothing was written");
            foreach (JProperty member in value.Properties())
                if (member.Name != "texture" && member.Name != "scale" && member.Name != "offset")
                    throw PrimitiveError.TypeMismatch(where + " takes texture, scale and offset, not '" + member.Name + "'; nothing was written");
            if (value["scale"] != null)
                CheckMembers(value["scale"], where + ".scale", "x", "y");
            if (value["offset"] != null)
                CheckMembers(value["offset"], where + ".offset", "x", "y");
            JToken path = value["texture"];
            if (path == null)
                return;
            write.SetsTexture = true;
            if (path.Type == JTokenType.Null)
                return;
            if (path.Type != JTokenType.String)
                throw PrimitiveError.TypeMismatch(where + ".texture must be an asset path or null; nothing was written");
            Texture texture = AssetDatabase.LoadAssetAtPath<Texture>((string)path);
            if (texture == null)
                throw PrimitiveError.NotFound("no texture at '" + (string)path + "'; nothing was written");
            // Unity refuses a texture of another dimension with an error in the console and keeps the old one.
            TextureDimension wanted = shader.GetPropertyTextureDimension(index);
            if (wanted != TextureDimension.Any && texture.dimension != wanted)
                throw PrimitiveError.TypeMismatch("'" + (string)path + "' is a " + texture.dimension + " texture and the property takes " + wanted +
                                                  "; nothing was written");
            write.Texture = texture;
        }

        static void Apply(Material material, Write write)
        {
            switch (write.Type)
            {
                case ShaderPropertyType.Color:
                    material.SetColor(write.Name, new Color((float)write.Value["r"], (float)write.Value["g"], (float)write.Value["b"], (float)write.Value["a"]));
                    break;
                case ShaderPropertyType.Vector:
                    material.SetVector(write.Name, new Vector4((float)write.Value["x"], (float)write.Value["y"], (float)write.Value["z"], (float)write.Value["w"]));
                    break;
                case ShaderPropertyType.Float:
                case ShaderPropertyType.Range:
                    material.SetFloat(write.Name, (float)write.Value);
                    break;
                case ShaderPropertyType.Int:
                    material.SetInteger(write.Name, (int)write.Value);
                    break;
                default:
                    if (write.SetsTexture)
                        material.SetTexture(write.Name, write.Texture);
                    if (write.Value["scale"] != null)
                        material.SetTextureScale(write.Name, new Vector2((float)write.Value["scale"]["x"], (float)write.Value["scale"]["y"]));
                    if (write.Value["offset"] != null)
                        material.SetTextureOffset(write.Name, new Vector2((float)write.Value["offset"]["x"], (float)write.Value["offset"]["y"]));
                    break;
            }
        }

        static JObject Set(JObject parameters)
        {
            string assetPath = Params.RequiredString(parameters, "assetPath");
            Material material = LoadMaterial(assetPath);
            Shader shader = material.shader;
            var writes = new List<Write>();
            JToken values = parameters["values"];
            if (values != null)
            {
                var array = values as JArray;
                if (array == null)
                    throw PrimitiveError.InvalidParams("params.values must be an array");
                for (int position = 0; position < array.Count; ++position)
                {
                    var entry = array[position] as JObject;
                    if (entry == null)
                        throw PrimitiveError.InvalidParams("params.values[" + position + "] must be an object");
                    writes.Add(Check(shader, entry, position));
                }
            }
            var keywords = new List<KeyValuePair<string, bool>>();
            JToken switches = parameters["keywords"];
            if (switches != null)
            {
                var array = switches as JArray;
                if (array == null)
                    throw PrimitiveError.InvalidParams("params.keywords must be an array");
                foreach (JToken item in array)
                {
                    var entry = item as JObject;
                    if (entry == null)
                        throw PrimitiveError.InvalidParams("params.keywords items must be objects {name, enabled}");
                    keywords.Add(new KeyValuePair<string, bool>(Params.RequiredString(entry, "name"), Params.RequiredBoolean(entry, "enabled")));
                }
            }
            long queue = Params.OptionalInteger(parameters, "renderQueue", long.MinValue, -1, 5000);

            Undo.RecordObject(material, "Set Material Properties of " + material.name);
            foreach (Write write in writes)
                Apply(material, write);
            // EnableKeyword with a name the shader does not declare enables nothing (Unity keeps it as an
            // invalid keyword); the caller's separate read of enabledKeywords shows that.
            foreach (KeyValuePair<string, bool> keyword in keywords)
            {
                if (keyword.Value)
                    material.EnableKeyword(keyword.Key);
                else
                    material.DisableKeyword(keyword.Key);
            }
            if (queue != long.MinValue)
                material.renderQueue = (int)queue;
            EditorUtility.SetDirty(material);

            var observed = new JArray();
            foreach (Write write in writes)
                observed.Add(new JObject { { "name", write.Name }, { "value", CurrentValue(material, write.Name, write.Type) } });
            JObject state = MaterialState(material, assetPath);
            return new JObject
            {
                { "observed", new JObject { { "values", observed }, { "enabledKeywords", state["enabledKeywords"] }, { "renderQueue", state["renderQueue"] } } },
            };
        }
    }
}
