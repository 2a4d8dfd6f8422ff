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
        internal static UnityEditorPrimitives Primitives()
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

        static JObject Vector(double x, double y, double z)
        {
            return new JObject { { "x", x }, { "y", y }, { "z", z } };
        }

        [Test]
        public void TransformSetInWorldSpaceReadsBackAndTheDigestReturnsAfterRevert()
        {
            UnityEditorPrimitives primitives = Primitives();
            JObject parent = primitives.Execute("object.create", new JObject { { "name", "AgentPanelParent" } });
            var parentReference = new JObject { { "instanceId", parent["observed"]["instanceId"] } };
            primitives.Execute("transform.set", new JObject { { "object", parentReference }, { "position", Vector(10, 0, 0) }, { "rotation", Vector(0, 90, 0) } });
            JObject child = primitives.Execute("object.create", new JObject { { "name", "AgentPanelChild" }, { "parent", parentReference } });
            var reference = new JObject { { "instanceId", child["observed"]["instanceId"] } };
            string before = (string)primitives.Execute("scene.digest", new JObject())["digest"];
            Assert.AreEqual(before, (string)primitives.Execute("scene.digest", new JObject())["digest"], "the digest is stable");
            int group = (int)primitives.Execute("undo.beginGroup", new JObject { { "name", "Agent Panel transform test" } })["group"];
            JObject set = primitives.Execute("transform.set", new JObject { { "object", reference }, { "space", "world" }, { "position", Vector(10, 0, 5) } });
            primitives.Execute("undo.endGroup", new JObject());
            Assert.IsTrue(JToken.DeepEquals(Vector(10, 0, 5), set["observed"]["world"]["position"]), "world position read back: " + set);
            // A quarter turn about y maps world +z 5 to local -x 5 under the parent.
            Assert.IsTrue(JToken.DeepEquals(Vector(-5, 0, 0), set["observed"]["local"]["position"]), "local position under the turned parent: " + set);
            JObject got = primitives.Execute("transform.get", new JObject { { "object", reference } });
            Assert.IsTrue(JToken.DeepEquals(set["observed"], got["transform"]), "transform.get answers what transform.set observed");
            Assert.IsTrue((string)primitives.Execute("scene.digest", new JObject())["digest"] != before, "the write changes the digest");
            primitives.Execute("undo.revertGroup", new JObject { { "group", group } });
            Assert.AreEqual(before, (string)primitives.Execute("scene.digest", new JObject())["digest"], "the revert restores the digest");
            primitives.Execute("object.destroy", new JObject { { "object", parentReference } });
        }

        // object.duplicate of a prefab instance: the copy is an instance of the same prefab and keeps the
        // source's property override (here its position), as Edit > Duplicate does.
        [Test]
        public void DuplicateOfAPrefabInstanceStaysLinkedWithItsOverrides()
        {
            UnityEditorPrimitives primitives = Primitives();
            JObject created = primitives.Execute("object.create", new JObject { { "name", "AgentPanelPrefabSource" } });
            var source = new JObject { { "instanceId", created["observed"]["instanceId"] } };
            JObject prefab = primitives.Execute("asset.create", new JObject { { "path", "Assets/AgentPanelDuplicateTest.prefab" }, { "kind", "Prefab" }, { "source", source } });
            string path = (string)prefab["observed"]["asset"]["path"];
            try
            {
                primitives.Execute("transform.set", new JObject { { "object", source }, { "position", Vector(5, 0, 0) } });
                JObject copy = primitives.Execute("object.duplicate", new JObject { { "object", source }, { "name", "AgentPanelPrefabCopy" } });
                Assert.AreEqual(path, (string)copy["observed"]["prefabAsset"], "the copy is an instance of the same prefab: " + copy);
                var copyReference = new JObject { { "instanceId", copy["observed"]["instanceId"] } };
                JObject moved = primitives.Execute("transform.get", new JObject { { "object", copyReference } });
                Assert.IsTrue(JToken.DeepEquals(Vector(5, 0, 0), moved["transform"]["local"]["position"]), "the override came along: " + moved);
                primitives.Execute("object.destroy", new JObject { { "object", copyReference } });
            }
            finally
            {
                primitives.Execute("object.destroy", new JObject { { "object", source } });
                primitives.Execute("asset.delete", new JObject { { "path", path } });
            }
        }

        // search.unity: a Material created a moment ago is found through adb (the index-based asset
        // provider missed such assets), and an object created after an earlier scene search through scene.
        [Test]
        public void UnitySearchFindsAJustCreatedMaterialAndObject()
        {
            UnityEditorPrimitives primitives = Primitives();
            primitives.Execute("search.unity", new JObject { { "query", "h: t:Transform" }, { "providers", new JArray("scene") } });
            JObject material = primitives.Execute("asset.create", new JObject { { "path", "Assets/AgentPanelSearchTest.mat" }, { "kind", "Material" } });
            string path = (string)material["observed"]["asset"]["path"];
            JObject created = primitives.Execute("object.create", new JObject { { "name", "AgentPanelSearchTestObject" } });
            var reference = new JObject { { "instanceId", created["observed"]["instanceId"] } };
            try
            {
                JObject assets = primitives.Execute("search.unity", new JObject { { "query", "t:Material AgentPanelSearchTest" }, { "providers", new JArray("adb") } });
                Assert.AreEqual(path, (string)assets["items"][0]["assetPath"], "the new Material through adb: " + assets);
                Assert.AreEqual("adb", (string)assets["items"][0]["provider"]);
                JObject objects = primitives.Execute("search.unity", new JObject { { "query", "h: AgentPanelSearchTestObject" }, { "providers", new JArray("scene", "adb") } });
                Assert.AreEqual("/AgentPanelSearchTestObject", (string)objects["items"][0]["scenePath"], "the new object through scene: " + objects);
                JObject limited = primitives.Execute("search.unity", new JObject { { "query", "h: t:Transform" }, { "providers", new JArray("scene") }, { "limit", 1 } });
                Assert.AreEqual(1, ((JArray)limited["items"]).Count);
                Assert.AreEqual((long)limited["total"] > 1, (bool)limited["truncated"], "truncated means more matched: " + limited);
            }
            finally
            {
                primitives.Execute("object.destroy", new JObject { { "object", reference } });
                primitives.Execute("asset.delete", new JObject { { "path", path } });
            }
        }

        [Test]
        public void GameViewAnswersOrRefusesWithUnsupported()
        {
            try
            {
                JObject size = Primitives().Execute("gameView.get", new JObject());
                Assert.IsTrue(size["open"] != null && size["width"] != null && size["height"] != null, "gameView.get answers open, width, height: " + size);
            }
            catch (PrimitiveError refusal)
            {
                Assert.AreEqual(ErrorCodes.Unsupported, refusal.Code);
            }
        }

        [Test]
        public void ConsoleReadReachesTheInternalStore()
        {
            JObject read = Primitives().Execute("console.read", new JObject { { "limit", 5 } });
            Assert.IsTrue(read["entries"] is JArray, "console.read answers entries (or refuses with unsupported when Unity changed LogEntries)");
        }

        // Scene paths go through the index (SceneObjectIndex): right after each change, made by a primitive
        // or by a script in the same frame (before Unity raises hierarchyChanged), a path answers the object
        // as it now is, and a path shared by two objects is a conflict. Objects are told apart by their x.
        [Test]
        public void ScenePathsFollowChangesInTheSameFrame()
        {
            UnityEditorPrimitives primitives = Primitives();
            System.Func<string, JObject> at = path => new JObject { { "scenePath", path } };
            System.Func<string, double> xAt = path =>
                (double)primitives.Execute("transform.get", new JObject { { "object", at(path) } })["transform"]["local"]["position"]["x"];
            System.Func<string, string> refusalAt = path => Assert.Throws<PrimitiveError>(() => xAt(path)).Code;
            var root = new UnityEngine.GameObject("AgentPanelIndexRoot");
            primitives.Execute("object.create", new JObject { { "name", "Child" }, { "parent", at("/AgentPanelIndexRoot") }, { "position", new JArray(1, 0, 0) } });
            Assert.AreEqual(1.0, xAt("/AgentPanelIndexRoot/Child"));
            primitives.Execute("object.rename", new JObject { { "object", at("/AgentPanelIndexRoot/Child") }, { "name", "Renamed" } });
            Assert.AreEqual(ErrorCodes.NotFound, refusalAt("/AgentPanelIndexRoot/Child"), "the old name after object.rename");
            Assert.AreEqual(1.0, xAt("/AgentPanelIndexRoot/Renamed"), "the new name after object.rename");

            var scripted = new UnityEngine.GameObject("Scripted");
            scripted.transform.parent = root.transform;
            scripted.transform.localPosition = new UnityEngine.Vector3(2, 0, 0);
            Assert.AreEqual(2.0, xAt("/AgentPanelIndexRoot/Scripted"), "an object a script added this frame");
            primitives.Execute("object.destroy", new JObject { { "object", at("/AgentPanelIndexRoot/Renamed") } });
            scripted.name = "Renamed";
            Assert.AreEqual(ErrorCodes.NotFound, refusalAt("/AgentPanelIndexRoot/Scripted"), "a script's rename, this frame");
            Assert.AreEqual(2.0, xAt("/AgentPanelIndexRoot/Renamed"), "the destroyed namesake is gone, the renamed one found");
            primitives.Execute("object.create", new JObject { { "name", "Renamed" }, { "parent", at("/AgentPanelIndexRoot") }, { "position", new JArray(3, 0, 0) } });
            Assert.AreEqual(ErrorCodes.Conflict, refusalAt("/AgentPanelIndexRoot/Renamed"), "two objects at one path");
            scripted.transform.parent = null;
            Assert.AreEqual(3.0, xAt("/AgentPanelIndexRoot/Renamed"), "a script moved one namesake away this frame");
            UnityEngine.Object.DestroyImmediate(scripted);
            UnityEngine.Object.DestroyImmediate(root);
            Assert.AreEqual(ErrorCodes.NotFound, refusalAt("/AgentPanelIndexRoot/Renamed"), "objects a script destroyed this frame");
        }

        // Pages of hierarchy.subtree resume the walk their cursor stopped at: paging two nodes at a time lists
        // what one page lists, in the same order, and a write between pages restarts the walk correctly.
        [Test]
        public void SubtreePagesMatchOnePage()
        {
            UnityEditorPrimitives primitives = Primitives();
            var root = new UnityEngine.GameObject("AgentPanelPagedRoot");
            for (int index = 0; index < 3; ++index)
            {
                var child = new UnityEngine.GameObject("Child" + index);
                child.transform.parent = root.transform;
                new UnityEngine.GameObject("Grandchild").transform.parent = child.transform;
            }
            var rootReference = new JObject { { "scenePath", "/AgentPanelPagedRoot" } };
            JArray whole = (JArray)primitives.Execute("hierarchy.subtree", new JObject { { "root", rootReference } })["nodes"];
            Assert.AreEqual(7, whole.Count);
            var paged = new JArray();
            string cursor = null;
            int pages = 0;
            do
            {
                var request = new JObject { { "root", rootReference }, { "maxNodes", 2 } };
                if (cursor != null)
                    request["cursor"] = cursor;
                if (pages == 2)
                    primitives.Execute("object.rename", new JObject { { "object", new JObject { { "scenePath", "/AgentPanelPagedRoot/Child2" } } }, { "name", "Child2" } });
                JObject page = primitives.Execute("hierarchy.subtree", request);
                foreach (JToken node in (JArray)page["nodes"])
                    paged.Add(node);
                cursor = (string)page["nextCursor"];
                ++pages;
            } while (cursor != null);
            Assert.AreEqual(4, pages);
            Assert.IsTrue(JToken.DeepEquals(whole, paged), "the pages list what one page lists: " + paged);
            UnityEngine.Object.DestroyImmediate(root);
        }
    }
}
