// The scene path index (NameIndex) against an in-memory hierarchy: built once per level and reused,
// correct after renames, moves, additions and removals it was told about and, where a count, a
// candidate or a miss shows them, ones it was not; and the cost of 200 path lookups among 100,000 roots printed
// against the scan the package did before.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using AgentPanel.Addressing;

namespace AgentPanel.Tests
{
    public static class AddressingTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["core.name_index_follows_changes"] = NameIndexFollowsChanges;
        }

        sealed class Node
        {
            public string Name;
            public Node Parent;
            public bool Destroyed;
            public readonly List<Node> Children = new List<Node>();
        }

        // A scene is a parentless node; a destroyed node answers nothing, as a destroyed editor object.
        static NameIndex<Node, Node> NewIndex()
        {
            return new NameIndex<Node, Node>(level => level.Children.Count, level => level.Children.ToList(),
                                             node => { if (node.Destroyed) throw new InvalidOperationException("read a destroyed node's name"); return node.Name; },
                                             (node, level) => !node.Destroyed && node.Parent == level);
        }

        static Node Add(Node parent, string name)
        {
            var node = new Node { Name = name, Parent = parent };
            parent.Children.Add(node);
            return node;
        }

        static void Move(Node node, Node parent)
        {
            node.Parent.Children.Remove(node);
            node.Parent = parent;
            parent.Children.Add(node);
        }

        static void NameIndexFollowsChanges(Options options)
        {
            var scene = new Node { Name = "scene" };
            Node player = Add(scene, "Player");
            Node camera = Add(player, "Camera");
            Add(scene, "Light");
            var index = NewIndex();
            Check.True(index.Named(scene, "Player").Single() == player, "a root by name");
            Check.True(index.Named(player, "Camera").Single() == camera, "a child by name");
            long builds = index.Builds;
            for (int repeat = 0; repeat < 10; ++repeat)
                index.Named(scene, "Light");
            Check.Equal(builds, index.Builds, "lookups between changes share one build per level");
            Check.Equal(0, index.Named(scene, "Nobody").Count, "an unknown name is no match");
            Check.Equal(builds + 1, index.Builds, "a miss is confirmed by one rebuild of its level");

            // Unnoticed changes that a count or a candidate shows.
            Node second = Add(scene, "Player");
            Check.Equal(2, index.Named(scene, "Player").Count, "an added namesake is seen through the count");
            camera.Name = "Eye";
            Check.Equal(0, index.Named(player, "Camera").Count, "a renamed candidate is checked and the level rebuilt");
            Check.True(index.Named(player, "Eye").Single() == camera, "and found under its new name");
            second.Destroyed = true;
            scene.Children.Remove(second);
            Check.True(index.Named(scene, "Player").Single() == player, "a destroyed one is gone");
            Node holder = Add(scene, "Holder");
            Move(camera, holder);
            Check.Equal(0, index.Named(player, "Eye").Count, "a moved child leaves its old parent");
            Check.True(index.Named(holder, "Eye").Single() == camera, "and is under its new one");

            // A rename to a name that had no match: the miss is confirmed by a rebuild.
            Node light = scene.Children.Single(node => node.Name == "Light");
            Check.Equal(0, index.Named(scene, "Sun").Count, "no Sun yet");
            light.Name = "Sun";
            Check.True(index.Named(scene, "Sun").Single() == light, "a rename to a missing name is found without a notice");
            // A second object renamed to a name that has one keeps every count and candidate: only a notice shows it.
            light.Name = "Player";
            Check.Equal(1, index.Named(scene, "Player").Count, "without a notice the index still answers the one it knew");
            index.Invalidate();
            Check.Equal(2, index.Named(scene, "Player").Count, "after the notice, the renamed namesake is seen");

            // Destroyed and replaced in place (same count): the candidate check catches it without a notice.
            Node replaced = index.Named(scene, "Holder").Single();
            replaced.Destroyed = true;
            int at = scene.Children.IndexOf(replaced);
            var fresh = new Node { Name = "Holder", Parent = scene };
            scene.Children[at] = fresh;
            Check.True(index.Named(scene, "Holder").Single() == fresh, "a destroyed candidate is never answered");

            MeasureAtScale();
        }

        // 200 lookups of /Root<i>/Child among 100,000 roots: through the index, and by the scan the package
        // did before (every root compared). Printed, not asserted: the figures depend on the machine.
        static void MeasureAtScale()
        {
            const int roots = 100000, lookups = 200;
            var scene = new Node { Name = "big" };
            for (int index = 0; index < roots; ++index)
                Add(Add(scene, "Root" + index), "Child");
            var names = Enumerable.Range(0, lookups).Select(step => "Root" + (step * 499 % roots)).ToList();
            var nameIndex = NewIndex();
            var watch = Stopwatch.StartNew();
            double first = 0;
            foreach (string name in names)
            {
                Check.Equal(1, nameIndex.Named(nameIndex.Named(scene, name)[0], "Child").Count, "one match for " + name);
                if (first == 0)
                    first = watch.Elapsed.TotalMilliseconds;
            }
            double indexed = watch.Elapsed.TotalMilliseconds;
            watch.Restart();
            foreach (string name in names)
            {
                int found = 0;
                foreach (Node root in scene.Children)
                    if (root.Name == name)
                        found += root.Children.Count(child => child.Name == "Child");
                Check.Equal(1, found, "the scan finds " + name);
            }
            double scanned = watch.Elapsed.TotalMilliseconds;
            Console.WriteLine(string.Format("name index: {0} path lookups among {1} roots: {2:0.0} ms through the index ({3:0.0} ms of it the " +
                                            "first, which builds the roots' level; {4} levels built), {5:0.0} ms by scanning every root",
                                            lookups, roots, indexed, first, nameIndex.Builds, scanned));
        }
    }
}
