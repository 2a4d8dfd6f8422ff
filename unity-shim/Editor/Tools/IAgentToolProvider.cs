// The seam for a package that adds a group of tools in code rather than with [AgentTool]: a class
// with a public parameterless constructor implementing IAgentToolProvider, found after every reload.
using System;
using System.Collections.Generic;

namespace AgentPanel.Tools
{
    public interface IAgentToolProvider
    {
        IEnumerable<AgentToolDefinition> GetTools();
    }

    // One tool: its parameters in call order, and what runs it (on the main thread, inside an Undo
    // group of its own). Invoke receives the converted arguments and returns the result object,
    // which is serialised to JSON with Newtonsoft.
    public sealed class AgentToolDefinition
    {
        public string Name;
        public string Description;
        public bool ReadOnly;
        public IList<AgentToolParameter> Parameters = new List<AgentToolParameter>();
        public Func<object[], object> Invoke;
        // What Invoke returns, for the tool's output schema: void, a parameter type (travels as
        // {"value": ...}) or any other type (an object of any shape). Null: an object of any shape.
        public Type ResultType;
        // Where the tool comes from, for warnings: "MyTools.Rename" or the provider's type name.
        public string Origin;
    }

    // Type: string, bool, int, long, float, double, an enum, or an array of one of those.
    public sealed class AgentToolParameter
    {
        public string Name;
        public Type Type;
        public string Description;
        public bool Optional;
        public object DefaultValue; // Used when an optional parameter is not given.
    }
}
