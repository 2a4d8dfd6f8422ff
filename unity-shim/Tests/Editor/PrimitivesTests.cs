// EditMode tests for the Unity-side primitives, run by a person with Unity (Window > General >
// Test Runner > EditMode); compiled in CI against the stubs. See docs/unity-verification.md.
using AgentPanel.Bridge;
using AgentPanel.Editor.Primitives;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Editor.Tests
{
    public class PrimitivesTests
    {
        static UnityEditorPrimitives Primitives()
        {
            return new UnityEditorPrimitives(new EditorIdentity { UnityVersion = "test", ProjectPath = "test", EditorPid = 1, EditorSessionId = "edit-mode-tests" });
        }

        [Test]
        public void CreateRenameDestroyAreObserved()
        {
            UnityEditorPrimitives primitives = Primitives();
            JObject created = primitives.Execute("object.create", new JObject { { "name", "AgentPanelTestObject" } });
            long id = (long)created["observed"]["instanceId"];
            Assert.AreEqual("AgentPanelTestObject", (string)created["observed"]["name"]);
            var reference = new JObject { { "instanceId", id } };
            JObject renamed = primitives.Execute("object.rename", new JObject { { "object", reference }, { "name", "List<int> <color=red>x</color>" } });
            Assert.AreEqual("List<int> <color=red>x</color>", (string)renamed["observed"]["name"]);
            JObject destroyed = primitives.Execute("object.destroy", new JObject { { "object", reference } });
            Assert.AreEqual(false, (bool)destroyed["observed"]["exists"]);
        }

        [Test]
        public void WrongTypedValueWritesNothing()
        {
            UnityEditorPrimitives primitives = Primitives();
            JObject created = primitives.Execute("object.create", new JObject { { "name", "AgentPanelTypeCheck" } });
            var reference = new JObject { { "instanceId", created["observed"]["instanceId"] } };
            var target = new JObject { { "component", new JObject { { "object", reference }, { "type", "Transform" } } } };
            var values = new JArray
            {
                new JObject { { "path", "m_LocalPosition" }, { "type", "vector3" }, { "value", new JArray(1, 2, 3) } },
                new JObject { { "path", "m_LocalScale" }, { "type", "float" }, { "value", 2 } },
            };
            PrimitiveError refusal = Assert.Throws<PrimitiveError>(() => primitives.Execute("property.set", new JObject { { "target", target }, { "values", values } }));
            Assert.AreEqual(ErrorCodes.TypeMismatch, refusal.Code);
            JObject position = primitives.Execute("property.get", new JObject { { "target", target }, { "paths", new JArray("m_LocalPosition") } });
            Assert.AreEqual(0f, (float)position["properties"][0]["value"][0], "the first value was checked but not written");
            primitives.Execute("object.destroy", new JObject { { "object", reference } });
        }

        [Test]
        public void ConsoleReadReachesTheInternalStore()
        {
            JObject read = Primitives().Execute("console.read", new JObject { { "limit", 5 } });
            Assert.IsTrue(read["entries"] is JArray, "console.read answers entries (or refuses with unsupported when Unity changed LogEntries)");
        }
    }
}
