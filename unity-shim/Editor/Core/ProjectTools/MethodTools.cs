// Turns an [AgentTool] method into a tool definition with System.Reflection alone, so that it runs
// under mono in the tests; the Unity assembly only finds the methods (TypeCache).
using System;
using System.Reflection;
using AgentPanel.Tools;

namespace AgentPanel.ProjectTools
{
    public static class MethodTools
    {
        // The definition, or null with why the method cannot be a tool (naming it and the offending type).
        public static AgentToolDefinition FromMethod(MethodInfo method, out string refusal)
        {
            refusal = null;
            string origin = method.DeclaringType == null ? method.Name : method.DeclaringType.FullName + "." + method.Name;
            var attribute = (AgentToolAttribute)Attribute.GetCustomAttribute(method, typeof(AgentToolAttribute));
            if (attribute == null)
            {
                refusal = origin + " has no [AgentTool] attribute";
                return null;
            }
            if (!method.IsStatic || method.ContainsGenericParameters)
            {
                refusal = "[AgentTool] " + origin + " is skipped: a tool must be a static, non-generic method";
                return null;
            }
            var tool = new AgentToolDefinition { Name = attribute.Name, Description = attribute.Description, ReadOnly = attribute.ReadOnly, Origin = origin,
                                                 ResultType = method.ReturnType };
            foreach (ParameterInfo parameter in method.GetParameters())
            {
                string unsupported = parameter.ParameterType.IsByRef ? "a ref or out parameter" : ToolSchema.Unsupported(parameter.ParameterType);
                if (unsupported != null)
                {
                    refusal = "[AgentTool] " + origin + " is skipped: its parameter '" + parameter.Name + "' has " + unsupported;
                    return null;
                }
                var description = (AgentToolParameterAttribute)Attribute.GetCustomAttribute(parameter, typeof(AgentToolParameterAttribute));
                tool.Parameters.Add(new AgentToolParameter
                {
                    Name = parameter.Name,
                    Type = parameter.ParameterType,
                    Description = description == null ? null : description.Description,
                    Optional = parameter.IsOptional,
                    DefaultValue = parameter.IsOptional ? parameter.DefaultValue : null,
                });
            }
            tool.Invoke = arguments => method.Invoke(null, arguments);
            return tool;
        }
    }
}
