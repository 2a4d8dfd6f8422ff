// Which shader a new Material gets: the one asked for, else the active render pipeline's default
// material shader, so a material made in a URP or HDRP project does not render magenta.
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEngine;
using UnityEngine.Rendering;

namespace AgentPanel.Editor.Primitives
{
    static class MaterialShaders
    {
        // The chosen shader, and a description for the result: its name, why it was chosen, and the pipeline.
        public sealed class Choice
        {
            public Shader Shader;
            public JObject Description;
        }

        public static Choice Choose(string requested)
        {
            RenderPipelineAsset pipeline = GraphicsSettings.currentRenderPipeline;
            string pipelineName = pipeline != null ? pipeline.GetType().FullName + " (" + pipeline.name + ")" : "built-in";
            if (requested != null)
            {
                Shader found = Shader.Find(requested);
                if (found == null)
                    throw PrimitiveError.NotFound("no shader named " + requested + "; leave shader out to use the render pipeline's default (" + pipelineName + ")");
                return Describe(found, "requested", pipelineName);
            }
            if (pipeline == null)
                return Describe(Shader.Find("Standard"), "builtInDefault", pipelineName);
            // RenderPipelineAsset.defaultMaterial is what Unity itself gives new objects under a
            // scriptable pipeline (URP: Lit, HDRP: HDRP/Lit); defaultShader is the pipeline's fallback.
            Material material = pipeline.defaultMaterial;
            if (material != null && material.shader != null)
                return Describe(material.shader, "renderPipelineDefaultMaterial", pipelineName);
            if (pipeline.defaultShader != null)
                return Describe(pipeline.defaultShader, "renderPipelineDefaultShader", pipelineName);
            throw PrimitiveError.Unsupported("the active render pipeline " + pipelineName + " names no default material or shader; " +
                                             "pass shader (for example \"Universal Render Pipeline/Lit\") to asset.create");
        }

        static Choice Describe(Shader shader, string chosenBy, string pipelineName)
        {
            if (shader == null)
                throw PrimitiveError.NotFound("the built-in Standard shader is not in this editor; pass shader to asset.create");
            return new Choice
            {
                Shader = shader,
                Description = new JObject { { "name", shader.name }, { "chosenBy", chosenBy }, { "renderPipeline", pipelineName } },
            };
        }
    }
}
