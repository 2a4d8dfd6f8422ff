// The project's tools of this domain: checked as they are added (a bad one is skipped with a
// warning that names it), advertised in the hello, and run by project.tool.call with the user's
// exceptions turned into a tool_exception error instead of a crash.
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Text.RegularExpressions;
using AgentPanel.Bridge;
using AgentPanel.Tools;
using Newtonsoft.Json;
using Newtonsoft.Json.Converters;
using Newtonsoft.Json.Linq;

namespace AgentPanel.ProjectTools
{
    public sealed class ProjectToolRegistry
    {
        public const string ToolExceptionCode = "tool_exception";
        static readonly Regex ValidName = new Regex("^[a-z][a-z0-9_]{0,47}$");

        readonly Dictionary<string, AgentToolDefinition> m_tools = new Dictionary<string, AgentToolDefinition>();
        readonly List<string> m_order = new List<string>();
        readonly List<string> m_warnings = new List<string>();

        public IList<string> Warnings { get { return m_warnings.AsReadOnly(); } }
        public int Count { get { return m_order.Count; } }

        // False (with a warning) when the tool cannot be served.
        public bool Add(AgentToolDefinition tool)
        {
            string who = tool.Origin ?? tool.Name ?? "a tool";
            string problem = Problem(tool);
            if (problem == null && m_tools.ContainsKey(tool.Name))
                problem = "the name '" + tool.Name + "' is taken by " + (m_tools[tool.Name].Origin ?? "another tool") + "; give each tool a name of its own";
            if (problem != null)
            {
                m_warnings.Add("Agent Panel: project tool " + who + " is skipped: " + problem);
                return false;
            }
            m_tools[tool.Name] = tool;
            m_order.Add(tool.Name);
            return true;
        }

        public void Skip(string warning) { m_warnings.Add("Agent Panel: " + warning); }

        // A provider class: created with its public parameterless constructor, asked for its tools.
        public void AddProvider(Type type)
        {
            if (type.IsAbstract || type.IsInterface || type.ContainsGenericParameters)
                return;
            IEnumerable<AgentToolDefinition> tools;
            try
            {
                var provider = (IAgentToolProvider)Activator.CreateInstance(type);
                tools = new List<AgentToolDefinition>(provider.GetTools() ?? new AgentToolDefinition[0]);
            }
            catch (Exception exception)
            {
                Exception thrown = Unwrapped(exception);
                Skip("tool provider " + type.FullName + " is skipped: creating it or asking for its tools threw " + thrown.GetType().FullName + ": " +
                     thrown.Message + "; give it a public parameterless constructor and a GetTools that does not throw");
                return;
            }
            foreach (AgentToolDefinition tool in tools)
            {
                if (tool == null)
                    continue;
                if (tool.Origin == null)
                    tool.Origin = type.FullName + " (" + tool.Name + ")";
                Add(tool);
            }
        }

        static string Problem(AgentToolDefinition tool)
        {
            if (tool.Name == null || !ValidName.IsMatch(tool.Name))
                return "its name '" + tool.Name + "' is not 1 to 48 characters of a-z, 0-9 and _ starting with a letter";
            if (string.IsNullOrEmpty(tool.Description))
                return "it has no description; say what it does and when to use it";
            if (tool.Invoke == null)
                return "it has nothing to invoke";
            foreach (AgentToolParameter parameter in tool.Parameters)
            {
                string unsupported = ToolSchema.Unsupported(parameter.Type);
                if (unsupported != null)
                    return "its parameter '" + parameter.Name + "' has " + unsupported;
            }
            return null;
        }

        // The hello's projectTools: {name, description, inputSchema, outputSchema, readOnly}.
        public JArray Advertise()
        {
            var tools = new JArray();
            foreach (string name in m_order)
            {
                AgentToolDefinition tool = m_tools[name];
                tools.Add(new JObject
                {
                    { "name", tool.Name }, { "description", tool.Description },
                    { "inputSchema", ToolSchema.For(tool.Parameters) }, { "outputSchema", ToolSchema.ForResult(tool.ResultType) },
                    { "readOnly", tool.ReadOnly },
                });
            }
            return tools;
        }

        // project.tool.call: {tool, result}. The caller runs it on the main thread inside an Undo group.
        public JObject Call(string name, JObject arguments)
        {
            AgentToolDefinition tool;
            if (name == null || !m_tools.TryGetValue(name, out tool))
                throw PrimitiveError.NotFound("this editor has no project tool named '" + name + "'; the tools it has are in its hello (the host lists them as project_<name>)");
            object[] values = ToolArguments.Convert(tool, arguments);
            object result;
            try
            {
                result = tool.Invoke(values);
            }
            catch (Exception exception)
            {
                Exception thrown = Unwrapped(exception);
                throw new PrimitiveError(ToolExceptionCode, "project tool " + name + " threw " + thrown.GetType().FullName + ": " + Clipped(thrown.Message));
            }
            return new JObject { { "tool", name }, { "result", ResultObject(name, result) } };
        }

        // The user's own exception, not the reflection wrapper around it.
        static Exception Unwrapped(Exception exception)
        {
            return exception is TargetInvocationException && exception.InnerException != null ? exception.InnerException : exception;
        }

        // An exception message may be anything the user's code built; the error stays small.
        static string Clipped(string message)
        {
            const int limit = 4000;
            return message == null || message.Length <= limit ? message : message.Substring(0, limit) + "...";
        }

        // Enums by name wherever they appear in a result, as the agent passes them in arguments.
        static readonly JsonSerializer ResultSerializer = JsonSerializer.Create(new JsonSerializerSettings { Converters = { new StringEnumConverter() } });

        static JObject ResultObject(string name, object result)
        {
            if (result == null)
                return new JObject();
            JToken token;
            try
            {
                token = JToken.FromObject(result, ResultSerializer);
            }
            catch (Exception exception)
            {
                throw new PrimitiveError(ToolExceptionCode, "project tool " + name + " returned a " + result.GetType().FullName +
                                                            " that cannot be written as JSON: " + exception.Message);
            }
            var asObject = token as JObject;
            return asObject ?? new JObject { { "value", token } };
        }
    }
}
