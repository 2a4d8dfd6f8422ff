// Tools written in C# in a user's project, without Unity: the input schema derived from each
// supported parameter type, tools skipped for unsupported types, argument conversion against wrong
// and hostile arguments, a tool's exception turned into an error with its message, and the Core
// bridge client advertising tools that the real uap-host then serves and calls through /mcp.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using AgentPanel.Bridge;
using AgentPanel.Host;
using AgentPanel.ProjectTools;
using AgentPanel.Tools;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public enum Team { Red, Blue }

    // What a user's project would write.
    public static class SampleTools
    {
        [AgentTool("describe_all", "Takes one of every supported type.", ReadOnly = true)]
        public static object DescribeAll([AgentToolParameter("A name")] string name, bool flag, int count, long big, float ratio, double precise,
                                         Team team, string[] tags, int[] numbers, Team[] teams, int limit = 10, Team side = Team.Blue)
        {
            return new { name, flag, count, big, ratio, precise, team = team.ToString(), tags, numbers, teams = teams.Select(t => t.ToString()).ToArray(), limit, side = side.ToString() };
        }

        [AgentTool("takes_object", "Has a parameter of an unsupported type.")]
        public static void TakesObject(System.IO.Stream stream) { }

        [AgentTool("explode", "Always throws.")]
        public static void Explode() { throw new InvalidOperationException("the scene has no Player"); }

        [AgentTool("answer", "Returns a bare number.", ReadOnly = true)]
        public static int Answer() { return 42; }

        [AgentTool("nothing", "Returns nothing.")]
        public static void Nothing() { }

        [AgentTool("favourite_team", "Returns an enum.", ReadOnly = true)]
        public static Team FavouriteTeam() { return Team.Blue; }

        [AgentTool("no_name", "Returns a null string.", ReadOnly = true)]
        public static string NoName() { return null; }

        public static MethodInfo Method(string name) { return typeof(SampleTools).GetMethod(name); }
    }

    public sealed class SampleProvider : IAgentToolProvider
    {
        public IEnumerable<AgentToolDefinition> GetTools()
        {
            yield return new AgentToolDefinition
            {
                Name = "provided_echo", Description = "Echoes text (from a provider).",
                Parameters = new List<AgentToolParameter> { new AgentToolParameter { Name = "text", Type = typeof(string), Description = "What to echo" } },
                Invoke = arguments => new Dictionary<string, object> { { "text", arguments[0] } },
            };
        }
    }

    public sealed class BrokenProvider : IAgentToolProvider
    {
        public IEnumerable<AgentToolDefinition> GetTools() { throw new InvalidOperationException("not ready"); }
    }

    public static class ProjectToolTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["project_tools.schema_from_each_type"] = SchemaFromEachType;
            cases["project_tools.output_schema_from_the_return_type"] = OutputSchemaFromTheReturnType;
            cases["project_tools.unsupported_and_invalid_are_skipped"] = UnsupportedAndInvalidAreSkipped;
            cases["project_tools.arguments_are_converted"] = ArgumentsAreConverted;
            cases["project_tools.bad_arguments_are_refused"] = BadArgumentsAreRefused;
            cases["project_tools.exceptions_and_results"] = ExceptionsAndResults;
            cases["project_tools.providers_add_groups"] = ProvidersAddGroups;
            cases["project_tools.served_by_the_real_host"] = ServedByTheRealHost;
        }

        static ProjectToolRegistry Registry(params string[] methods)
        {
            var registry = new ProjectToolRegistry();
            foreach (string method in methods)
            {
                string refusal;
                AgentToolDefinition tool = MethodTools.FromMethod(SampleTools.Method(method), out refusal);
                if (tool == null)
                    registry.Skip(refusal);
                else
                    registry.Add(tool);
            }
            return registry;
        }

        // The shim's hello carries the tools; uap-host checks them, lists them as project_<name> and
        // sends each call back as project.tool.call, which the registry runs on the main thread.
        static void ServedByTheRealHost(Options options)
        {
            using (var host = new HostProcess(options.HostBinary, options.PluginsFolder))
            {
                var scene = new InMemoryScene(host.Project, "test-session-" + Guid.NewGuid().ToString("N"));
                scene.Tools = Registry("DescribeAll", "Answer");
                scene.Tools.AddProvider(typeof(SampleProvider));
                using (var editor = new EditorDomain(host.Discovery, host.Token(TokenRole.Editor), scene))
                {
                    Check.True(editor.Client.WaitConnected(TimeSpan.FromSeconds(15)), "the shim connects to the host");
                    var mcp = new McpClient(host.Discovery.McpUrl, host.Token(TokenRole.Mcp));
                    JObject echoed = mcp.CallTool("project_provided_echo", new JObject { { "text", "こんにちは" } });
                    Check.Equal("こんにちは", (string)echoed["text"], "a provider's tool runs with the argument the host passed on");
                    JObject described = mcp.CallTool("project_describe_all", new JObject
                    {
                        { "name", "n" }, { "flag", true }, { "count", 3 }, { "big", 5000000000L }, { "ratio", 0.5 }, { "precise", 0.25 },
                        { "team", "Red" }, { "tags", new JArray("a") }, { "numbers", new JArray(1, 2) }, { "teams", new JArray("Blue") },
                    });
                    Check.Equal(5000000000L, (long)described["big"], "a long survives the host's hop");
                    Check.Equal(10, (int)described["limit"], "an omitted optional argument takes its default");
                    Check.Equal(2, scene.CallsByMethod()["project.tool.call"], "each MCP call reached the scene once");
                    JObject listed = mcp.ListTools().Single(tool => (string)tool["name"] == "project_answer");
                    Check.Equal("integer", (string)listed["outputSchema"]["properties"]["value"]["type"], "the host lists the output schema the shim derived");
                    JObject answered = mcp.CallToolResult("project_answer", new JObject());
                    Check.Equal(42, (int)answered["structuredContent"]["value"], "the result arrives as structuredContent");
                    Check.Equal(@"{""value"":42}", (string)answered["content"][0]["text"], "and as text for clients that ignore it");
                }
            }
        }

        static void SchemaFromEachType(Options options)
        {
            JObject tool = (JObject)Registry("DescribeAll").Advertise()[0];
            Check.Equal("describe_all", (string)tool["name"], "name");
            Check.Equal(true, (bool)tool["readOnly"], "readOnly from the attribute");
            JObject properties = (JObject)tool["inputSchema"]["properties"];
            Check.Equal("string", (string)properties["name"]["type"], "string");
            Check.Equal("A name", (string)properties["name"]["description"], "the parameter's description");
            Check.Equal("boolean", (string)properties["flag"]["type"], "bool");
            Check.Equal("integer", (string)properties["count"]["type"], "int");
            Check.Equal((long)int.MaxValue, (long)properties["count"]["maximum"], "int is bounded to 32 bits");
            Check.Equal("integer", (string)properties["big"]["type"], "long");
            Check.Equal("number", (string)properties["ratio"]["type"], "float");
            Check.Equal("number", (string)properties["precise"]["type"], "double");
            Check.Equal("Red,Blue", string.Join(",", properties["team"]["enum"].Select(t => (string)t)), "an enum is a string enum");
            Check.Equal("string", (string)properties["tags"]["items"]["type"], "string[]");
            Check.Equal("integer", (string)properties["numbers"]["items"]["type"], "int[]");
            Check.Equal("string", (string)properties["teams"]["items"]["type"], "enum[]");
            var required = tool["inputSchema"]["required"].Select(t => (string)t).ToList();
            Check.True(required.Contains("name") && !required.Contains("limit") && !required.Contains("side"), "optional parameters are not required");
            Check.Equal(10, (int)properties["limit"]["default"], "an optional parameter's default");
            Check.Equal("Blue", (string)properties["side"]["default"], "an enum default by name");
            Check.Equal(false, (bool)tool["inputSchema"]["additionalProperties"], "no other arguments");
            Check.Equal(@"{""type"":""object""}", tool["outputSchema"].ToString(Newtonsoft.Json.Formatting.None), "an object of any shape");
        }

        // Each output schema against the result the registry really builds for that tool.
        static void OutputSchemaFromTheReturnType(Options options)
        {
            ProjectToolRegistry registry = Registry("Answer", "Nothing", "FavouriteTeam", "NoName");
            Dictionary<string, JObject> schemas = registry.Advertise().ToDictionary(tool => (string)tool["name"], tool => (JObject)tool["outputSchema"]);
            Check.Equal(@"{""type"":""object"",""properties"":{""value"":{""type"":""integer"",""minimum"":-2147483648,""maximum"":2147483647}},""additionalProperties"":false,""required"":[""value""]}",
                        schemas["answer"].ToString(Newtonsoft.Json.Formatting.None), "an int result is a required value");
            Check.Equal(@"{""type"":""object"",""properties"":{},""additionalProperties"":false}", schemas["nothing"].ToString(Newtonsoft.Json.Formatting.None),
                        "void is always the empty object");
            Check.Equal("string", (string)schemas["favourite_team"]["properties"]["value"]["type"], "an enum result is a string");
            Check.Equal("Blue", (string)registry.Call("favourite_team", new JObject())["result"]["value"], "and travels by name");
            Check.True(schemas["no_name"]["required"] == null, "a string result may be null, so its value is not required");
            Check.Equal(0, ((JObject)registry.Call("no_name", new JObject())["result"]).Count, "a null string is the empty object");
            var provided = new ProjectToolRegistry();
            provided.AddProvider(typeof(SampleProvider));
            Check.Equal(@"{""type"":""object""}", provided.Advertise()[0]["outputSchema"].ToString(Newtonsoft.Json.Formatting.None),
                        "a provider's tool without a ResultType returns an object of any shape");
        }

        static void UnsupportedAndInvalidAreSkipped(Options options)
        {
            ProjectToolRegistry registry = Registry("TakesObject", "Nothing");
            Check.Equal(1, registry.Count, "only the supported tool stays");
            string warning = registry.Warnings.Single();
            Check.True(warning.Contains("SampleTools.TakesObject") && warning.Contains("System.IO.Stream"), "the warning names the method and the type: " + warning);
            registry.Add(new AgentToolDefinition { Name = "Bad Name", Description = "x", Invoke = a => null });
            registry.Add(new AgentToolDefinition { Name = "nothing", Description = "a duplicate", Invoke = a => null, Origin = "Other.Nothing" });
            registry.Add(new AgentToolDefinition { Name = "undescribed", Description = "", Invoke = a => null });
            Check.Equal(1, registry.Count, "invalid names, duplicates and undescribed tools are skipped");
            Check.True(registry.Warnings.Any(w => w.Contains("Bad Name")), "the invalid name is named");
            Check.True(registry.Warnings.Any(w => w.Contains("Other.Nothing") && w.Contains("taken")), "the duplicate is named");
        }

        static void ArgumentsAreConverted(Options options)
        {
            ProjectToolRegistry registry = Registry("DescribeAll");
            var arguments = JObject.Parse(@"{""name"":""n"",""flag"":true,""count"":3,""big"":9007199254740993,""ratio"":0.5,""precise"":1e300,
                ""team"":""Red"",""tags"":[""a"",""b""],""numbers"":[1,2],""teams"":[""Blue""]}");
            JObject result = (JObject)registry.Call("describe_all", arguments)["result"];
            Check.Equal(9007199254740993L, (long)result["big"], "a long keeps every digit");
            Check.Equal("Red", (string)result["team"], "the enum by name");
            Check.Equal(10, (int)result["limit"], "a missing optional argument takes its default");
            Check.Equal("Blue", (string)result["side"], "an enum default");
            Check.Equal(2, ((JArray)result["numbers"]).Count, "an int array");
        }

        static void BadArgumentsAreRefused(Options options)
        {
            ProjectToolRegistry registry = Registry("DescribeAll");
            string valid = @"""name"":""n"",""flag"":true,""count"":3,""big"":1,""ratio"":1,""precise"":1,""team"":""Red"",""tags"":[],""numbers"":[],""teams"":[]";
            Refused(registry, "{" + valid.Replace(@"""flag"":true", @"""flag"":""yes""") + "}", "'flag'");
            Refused(registry, "{" + valid.Replace(@"""count"":3", @"""count"":3.5") + "}", "'count'");
            Refused(registry, "{" + valid.Replace(@"""count"":3", @"""count"":99999999999") + "}", "outside the range");
            Refused(registry, "{" + valid.Replace(@"""team"":""Red""", @"""team"":""Green""") + "}", "Red, Blue");
            Refused(registry, "{" + valid.Replace(@"""numbers"":[]", @"""numbers"":[1,""two""]") + "}", "numbers[1]");
            Refused(registry, "{" + valid.Replace(@"""name"":""n"",", "") + "}", "needs the argument 'name'");
            Refused(registry, "{" + valid + @",""extra"":1}", "no parameter 'extra'");
            Refused(registry, "{" + valid.Replace(@"""name"":""n""", @"""name"":""" + new string('x', ToolArguments.MaxStringLength + 1) + @"""") + "}", "over the limit");
            Refused(registry, "{" + valid.Replace(@"""name"":""n""", @"""name"":null") + "}", "'name'");
        }

        static void Refused(ProjectToolRegistry registry, string arguments, string expected)
        {
            try
            {
                registry.Call("describe_all", JObject.Parse(arguments));
            }
            catch (PrimitiveError error)
            {
                Check.Equal(ErrorCodes.InvalidParams, error.Code, "a bad argument is invalid_params");
                Check.True(error.Message.Contains(expected) && error.Message.Contains("nothing was run"), "the refusal says '" + expected + "': " + error.Message);
                return;
            }
            throw new CheckFailed("the arguments were accepted: " + arguments.Substring(0, Math.Min(200, arguments.Length)));
        }

        static void ExceptionsAndResults(Options options)
        {
            ProjectToolRegistry registry = Registry("Explode", "Answer", "Nothing");
            try
            {
                registry.Call("explode", new JObject());
                throw new CheckFailed("the exception was swallowed");
            }
            catch (PrimitiveError error)
            {
                Check.Equal(ProjectToolRegistry.ToolExceptionCode, error.Code, "tool_exception");
                Check.True(error.Message.Contains("InvalidOperationException") && error.Message.Contains("the scene has no Player"), error.Message);
            }
            Check.Equal(42, (int)registry.Call("answer", null)["result"]["value"], "a bare result travels as value");
            Check.Equal(0, ((JObject)registry.Call("nothing", new JObject())["result"]).Count, "no result is an empty object");
            try
            {
                registry.Call("missing", new JObject());
                throw new CheckFailed("an unknown tool ran");
            }
            catch (PrimitiveError error)
            {
                Check.Equal(ErrorCodes.NotFound, error.Code, "an unknown tool is not_found");
            }
        }

        static void ProvidersAddGroups(Options options)
        {
            var registry = new ProjectToolRegistry();
            registry.AddProvider(typeof(SampleProvider));
            registry.AddProvider(typeof(BrokenProvider));
            registry.AddProvider(typeof(IAgentToolProvider));
            Check.Equal(1, registry.Count, "the provider's tool is served");
            Check.Equal("hi", (string)registry.Call("provided_echo", JObject.Parse(@"{""text"":""hi""}"))["result"]["text"], "it runs");
            Check.True(registry.Warnings.Any(w => w.Contains("BrokenProvider") && w.Contains("not ready")), "a throwing provider is named with its message");
        }
    }
}
