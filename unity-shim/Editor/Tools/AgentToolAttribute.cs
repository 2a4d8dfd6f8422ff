// Marks a static method of the user's editor code as a tool the agent can call: the Agent Panel
// package finds it after every domain reload and serves it as the MCP tool project_<name>.
using System;

namespace AgentPanel.Tools
{
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false, Inherited = false)]
    public sealed class AgentToolAttribute : Attribute
    {
        // name: 1 to 48 characters of a-z, 0-9 and _, starting with a letter. description: what the
        // tool does and when to use it, for the agent.
        public AgentToolAttribute(string name, string description)
        {
            Name = name;
            Description = description;
        }

        public string Name { get; private set; }
        public string Description { get; private set; }
        // A tool that only reads: it runs without a permission card at the read-only approval level.
        public bool ReadOnly { get; set; }
    }

    // Describes one parameter of an [AgentTool] method for the agent (its input schema's description).
    [AttributeUsage(AttributeTargets.Parameter, AllowMultiple = false, Inherited = false)]
    public sealed class AgentToolParameterAttribute : Attribute
    {
        public AgentToolParameterAttribute(string description) { Description = description; }

        public string Description { get; private set; }
    }
}
