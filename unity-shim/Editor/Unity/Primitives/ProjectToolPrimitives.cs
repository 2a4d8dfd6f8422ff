// The project's C# tools in Unity: found with TypeCache once per domain ([AgentTool] methods and
// IAgentToolProvider classes), advertised in the hello, and run for project.tool.call on the main
// thread inside an Undo group of their own, so the agent's turn Undo takes them back with the rest.
using System.Reflection;
using AgentPanel.ProjectTools;
using AgentPanel.Tools;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Primitives
{
    public static class ProjectToolPrimitives
    {
        static ProjectToolRegistry s_registry;
        static JArray s_advertised = new JArray();

        // Runs on the main thread when the primitives are built, once per domain: a reload builds them again.
        public static void Register(UnityEditorPrimitives primitives)
        {
            s_registry = Discover();
            s_advertised = s_registry.Advertise();
            primitives.Add("project.tool.call", Call);
        }

        // A copy per hello: the socket thread adds it to a frame while the main thread goes on.
        public static JArray Advertised { get { return (JArray)s_advertised.DeepClone(); } }

        static ProjectToolRegistry Discover()
        {
            var registry = new ProjectToolRegistry();
            foreach (MethodInfo method in TypeCache.GetMethodsWithAttribute<AgentToolAttribute>())
            {
                string refusal;
                AgentToolDefinition tool = MethodTools.FromMethod(method, out refusal);
                if (tool == null)
                    registry.Skip(refusal);
                else
                    registry.Add(tool);
            }
            foreach (System.Type provider in TypeCache.GetTypesDerivedFrom<IAgentToolProvider>())
                registry.AddProvider(provider);
            foreach (string warning in registry.Warnings)
                Debug.LogWarning(warning);
            return registry;
        }

        static JObject Call(JObject parameters)
        {
            string name = (string)parameters["name"];
            // Inside a caller's explicit group (undo.beginGroup) the tool's changes join that group.
            if (UndoPrimitives.ExplicitGroupOpen)
                return s_registry.Call(name, parameters["arguments"] as JObject);
            Undo.IncrementCurrentGroup();
            int group = Undo.GetCurrentGroup();
            Undo.SetCurrentGroupName("Agent tool " + name);
            try
            {
                return s_registry.Call(name, parameters["arguments"] as JObject);
            }
            finally
            {
                Undo.CollapseUndoOperations(group);
            }
        }
    }
}
