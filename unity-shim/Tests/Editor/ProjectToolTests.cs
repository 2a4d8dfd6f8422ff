// EditMode tests of the project tools in Unity: TypeCache finds an [AgentTool] of this assembly, the
// hello advertises it, and project.tool.call runs it or refuses its arguments. Run by a person with
// Unity (Window > General > Test Runner > EditMode); compiled in CI against the stubs.
using AgentPanel.Bridge;
using AgentPanel.Editor.Primitives;
using AgentPanel.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Editor.Tests
{
    public static class EditModeSampleTools
    {
        [AgentTool("agent_panel_test_echo", "Echoes its text (an EditMode test's tool).", ReadOnly = true)]
        public static string Echo([AgentToolParameter("What to echo")] string text) { return text; }
    }

    public class ProjectToolTests
    {
        [Test]
        public void AnAgentToolOfThisAssemblyIsFoundAdvertisedAndRun()
        {
            UnityEditorPrimitives primitives = PrimitivesTests.Primitives();
            bool advertised = false;
            foreach (JToken tool in primitives.ProjectTools)
                advertised |= (string)tool["name"] == "agent_panel_test_echo" && (bool)tool["readOnly"];
            Assert.IsTrue(advertised, "TypeCache finds the [AgentTool] method and the hello lists it");
            JObject answer = primitives.Execute("project.tool.call", new JObject { { "name", "agent_panel_test_echo" }, { "arguments", new JObject { { "text", "hi" } } } });
            Assert.AreEqual("hi", (string)answer["result"]["value"]);
        }

        [Test]
        public void WrongArgumentsAreRefusedBeforeTheToolRuns()
        {
            UnityEditorPrimitives primitives = PrimitivesTests.Primitives();
            PrimitiveError refusal = Assert.Throws<PrimitiveError>(() =>
                primitives.Execute("project.tool.call", new JObject { { "name", "agent_panel_test_echo" }, { "arguments", new JObject { { "text", 7 } } } }));
            Assert.AreEqual(ErrorCodes.InvalidParams, refusal.Code);
        }
    }
}
