// A small in-memory scene answering a few primitives with results shaped as bridge-v1.json says,
// standing in for Unity's scene in the shim's tests. It counts every execution per object name, so
// a test sees whether a write ran twice; an object named "block…" holds the main thread until released.
// Given a registry of C# tools, it advertises them in the hello and runs project.tool.call, as the
// Unity package does. Every write records an undo step holding the scene before it; turn.begin/end
// make one named step of a turn's writes, and turn.revert restores it while it is the newest step.
using System;
using System.Collections.Generic;
using System.Threading;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public sealed class InMemoryScene : IEditorPrimitives, IDeferredPrimitives, IProjectToolSource
    {
        sealed class SceneObject
        {
            public long InstanceId;
            public string Name;
            public bool Active = true;
            // Local transform; every object is a root, so world values equal local ones.
            public double[] Position = { 0, 0, 0 };
            public double[] Euler = { 0, 0, 0 };
            public double[] Scale = { 1, 1, 1 };

            public SceneObject Copy()
            {
                return new SceneObject
                {
                    InstanceId = InstanceId, Name = Name, Active = Active,
                    Position = (double[])Position.Clone(), Euler = (double[])Euler.Clone(), Scale = (double[])Scale.Clone(),
                };
            }
        }

        // One entry of the undo history: the scene as it was before the step's writes.
        sealed class UndoStep
        {
            public int Group;
            public string Name;
            public List<SceneObject> Before;
        }

        // A turn begun by turn.begin: its undo group and name, and whether turn.end made its step.
        sealed class TurnBracket
        {
            public string Name;
            public bool Ended;
            public bool Recorded;
        }

        readonly List<UndoStep> m_undo = new List<UndoStep>();
        readonly Dictionary<int, TurnBracket> m_turns = new Dictionary<int, TurnBracket>();
        int m_undoGroup;

        readonly object m_gate = new object();
        readonly List<SceneObject> m_roots = new List<SceneObject>();
        readonly Dictionary<string, int> m_executions = new Dictionary<string, int>();
        long m_nextInstanceId = 1000;

        public TimeSpan WriteCost = TimeSpan.Zero;
        // Runs inside a write whose name starts with "drop", before it returns (a socket lost mid-call).
        public Action DuringDroppingWrite;
        public readonly ManualResetEventSlim Release = new ManualResetEventSlim(false);
        public readonly ManualResetEventSlim Blocked = new ManualResetEventSlim(false);

        public InMemoryScene(string projectPath, string sessionId)
        {
            Identity = new EditorIdentity
            {
                UnityVersion = "2022.3.0f1-test", ProjectPath = projectPath,
                EditorPid = System.Diagnostics.Process.GetCurrentProcess().Id, EditorSessionId = sessionId,
            };
        }

        public EditorIdentity Identity { get; private set; }

        // The project's C# tools; null: the scene has none, and neither advertises nor runs any.
        public AgentPanel.ProjectTools.ProjectToolRegistry Tools;

        public JArray ProjectTools { get { return Tools == null ? null : Tools.Advertise(); } }

        public IList<string> Methods
        {
            get
            {
                var methods = new List<string> { "editor.info", "editor.state", "hierarchy.roots", "object.create", "transform.get", "transform.set", "scripts.validate",
                                                 "turn.begin", "turn.end", "turn.revert" };
                if (Tools != null)
                    methods.Add("project.tool.call");
                return methods;
            }
        }

        // scripts.validate finishes on a later main-thread tick, as Unity's AssemblyBuilder does.
        public TimeSpan ValidationTime = TimeSpan.FromMilliseconds(400);
        readonly List<KeyValuePair<DateTime, Action>> m_pendingValidations = new List<KeyValuePair<DateTime, Action>>();
        public int ValidationsStarted;

        public bool IsDeferred(string method) { return method == "scripts.validate"; }

        public void Begin(string method, JObject parameters, Action<JObject, PrimitiveError> done)
        {
            JArray sources = Params.RequiredArray(parameters, "sources");
            ++ValidationsStarted;
            var diagnostics = new JArray();
            foreach (JObject source in sources)
                if (((string)source["text"]).Contains("error"))
                    diagnostics.Add(new JObject { { "severity", "error" }, { "message", "CS1002: ; expected" }, { "file", (string)source["path"] }, { "line", 1 }, { "column", 1 } });
            m_pendingValidations.Add(new KeyValuePair<DateTime, Action>(DateTime.UtcNow + ValidationTime,
                () => done(new JObject { { "ok", diagnostics.Count == 0 }, { "diagnostics", diagnostics } }, null)));
        }

        // Main thread: completes the validations whose time has come.
        public void Tick()
        {
            for (int index = m_pendingValidations.Count - 1; index >= 0; --index)
                if (m_pendingValidations[index].Key <= DateTime.UtcNow)
                {
                    Action complete = m_pendingValidations[index].Value;
                    m_pendingValidations.RemoveAt(index);
                    complete();
                }
        }

        readonly Dictionary<string, int> m_calls = new Dictionary<string, int>();

        public int ExecutionsOf(string name)
        {
            lock (m_gate)
            {
                int count;
                return m_executions.TryGetValue(name, out count) ? count : 0;
            }
        }

        public int RootCount { get { lock (m_gate) return m_roots.Count; } }

        // Every primitive that reached the scene, by method, so a test can tell its writes from the host's own requests.
        public IDictionary<string, int> CallsByMethod()
        {
            lock (m_gate)
                return new Dictionary<string, int>(m_calls);
        }

        public JObject Execute(string method, JObject parameters)
        {
            lock (m_gate)
            {
                int calls;
                m_calls[method] = m_calls.TryGetValue(method, out calls) ? calls + 1 : 1;
            }
            if (method == "project.tool.call" && Tools != null)
                return Tools.Call((string)parameters["name"], parameters["arguments"] as JObject);
            switch (method)
            {
                case "editor.info":
                    return new JObject
                    {
                        { "unityVersion", Identity.UnityVersion }, { "projectPath", Identity.ProjectPath },
                        { "editorPid", Identity.EditorPid }, { "editorSessionId", Identity.EditorSessionId }, { "platform", "LinuxEditor" },
                    };
                case "editor.state":
                    return new JObject { { "playMode", "edit" }, { "compiling", false }, { "importing", false }, { "scenes", new JArray() } };
                case "hierarchy.roots":
                    lock (m_gate)
                    {
                        var nodes = new JArray();
                        foreach (SceneObject root in m_roots)
                            nodes.Add(Node(root));
                        return new JObject { { "nodes", nodes }, { "total", m_roots.Count } };
                    }
                case "object.create":
                    string name = Params.RequiredString(parameters, "name");
                    if (name.StartsWith("drop", StringComparison.Ordinal) && DuringDroppingWrite != null)
                        DuringDroppingWrite();
                    if (name.StartsWith("block", StringComparison.Ordinal))
                    {
                        Blocked.Set();
                        Release.Wait();
                    }
                    // Work on Unity's main thread takes time; it keeps requests queued while reloads happen.
                    Thread.Sleep(WriteCost);
                    lock (m_gate)
                    {
                        Record("Create " + name);
                        var created = new SceneObject { InstanceId = ++m_nextInstanceId, Name = name };
                        m_roots.Add(created);
                        int count;
                        m_executions[name] = m_executions.TryGetValue(name, out count) ? count + 1 : 1;
                        return new JObject { { "observed", Node(created) } };
                    }
                case "transform.get":
                    lock (m_gate)
                        return new JObject { { "transform", Transform(Find(parameters)) } };
                case "transform.set":
                    return SetTransform(parameters);
                case "turn.begin":
                    return BeginTurn(parameters);
                case "turn.end":
                    return EndTurn(parameters);
                case "turn.revert":
                    return RevertTurn(parameters);
            }
            throw PrimitiveError.Unsupported(method + " is not part of the test scene");
        }

        // The scene as a test reads it back on its own: every object's id, name, active flag and transform.
        public string Describe()
        {
            lock (m_gate)
                return string.Join("\n", m_roots.ConvertAll(item => item.InstanceId + " " + item.Name + " " + item.Active + " " + string.Join(",", Array.ConvertAll(
                    new[] { item.Position, item.Euler, item.Scale }, values => string.Join(" ", Array.ConvertAll(values, value => value.ToString("R"))))) ).ToArray());
        }

        public int UndoSteps { get { lock (m_gate) return m_undo.Count; } }

        // Called under m_gate before a write changes anything: a step of the current group (a turn's, while one
        // is open), or a step of its own outside a turn.
        void Record(string name)
        {
            m_undo.Add(new UndoStep { Group = m_undoGroup, Name = name, Before = m_roots.ConvertAll(item => item.Copy()) });
            if (!TurnOpen())
                ++m_undoGroup;
        }

        bool TurnOpen()
        {
            TurnBracket turn;
            return m_turns.TryGetValue(m_undoGroup, out turn) && !turn.Ended;
        }

        JObject BeginTurn(JObject parameters)
        {
            string name = Params.RequiredString(parameters, "name");
            lock (m_gate)
            {
                int group = ++m_undoGroup;
                m_turns[group] = new TurnBracket { Name = name };
                return new JObject { { "group", group }, { "refreshHolds", 0 } };
            }
        }

        // The turn's steps become one step with its name, holding the scene before the first of them.
        JObject EndTurn(JObject parameters)
        {
            int group = (int)Params.RequiredInteger(parameters, "group");
            lock (m_gate)
            {
                TurnBracket turn;
                if (!m_turns.TryGetValue(group, out turn))
                    throw PrimitiveError.NotFound("undo group " + group + " was not started by turn.begin; nothing was changed");
                if (!turn.Ended)
                {
                    turn.Ended = true;
                    turn.Name = Params.RequiredString(parameters, "name");
                    int first = m_undo.FindIndex(step => step.Group >= group);
                    if (first >= 0)
                    {
                        turn.Recorded = true;
                        m_undo[first].Group = group;
                        m_undo[first].Name = turn.Name;
                        m_undo.RemoveRange(first + 1, m_undo.Count - first - 1);
                    }
                    ++m_undoGroup;
                }
                return new JObject { { "group", group }, { "recorded", turn.Recorded }, { "refreshed", false }, { "refreshHolds", 0 },
                                     { "revertible", turn.Recorded }, { "userSteps", new JArray() } };
            }
        }

        JObject RevertTurn(JObject parameters)
        {
            int group = (int)Params.RequiredInteger(parameters, "group");
            string name = Params.RequiredString(parameters, "name");
            lock (m_gate)
            {
                TurnBracket turn;
                if (!m_turns.TryGetValue(group, out turn) || turn.Name != name)
                    throw PrimitiveError.NotFound("no agent turn '" + name + "' began with undo group " + group + "; nothing was reverted");
                if (!turn.Ended)
                    throw PrimitiveError.Conflict("'" + name + "' has not ended yet; nothing was reverted");
                if (m_undo.Count == 0 || m_undo[m_undo.Count - 1].Group != group || !turn.Recorded)
                    throw PrimitiveError.Conflict("'" + name + "' is not the newest undo step; nothing was reverted");
                UndoStep step = m_undo[m_undo.Count - 1];
                m_undo.RemoveAt(m_undo.Count - 1);
                m_roots.Clear();
                m_roots.AddRange(step.Before);
                turn.Recorded = false;
                return new JObject { { "observed", new JObject { { "reverted", true }, { "objectCount", m_roots.Count } } } };
            }
        }

        SceneObject Find(JObject parameters)
        {
            long id = Params.RequiredInteger(Params.RequiredObject(parameters, "object"), "instanceId");
            foreach (SceneObject root in m_roots)
                if (root.InstanceId == id)
                    return root;
            throw PrimitiveError.NotFound("no object has instance id " + id);
        }

        // The shim's own parameter checks (Params.OptionalVector3), then every value written at once.
        JObject SetTransform(JObject parameters)
        {
            string space = Params.OptionalString(parameters, "space", "local");
            if (space != "local" && space != "world")
                throw PrimitiveError.InvalidParams("params.space must be \"local\" or \"world\"");
            double[] position = Params.OptionalVector3(parameters, "position");
            double[] rotation = Params.OptionalVector3(parameters, "rotation");
            double[] scale = Params.OptionalVector3(parameters, "scale");
            if (position == null && rotation == null && scale == null)
                throw PrimitiveError.InvalidParams("transform.set needs at least one of position, rotation, scale");
            lock (m_gate)
            {
                SceneObject target = Find(parameters);
                Record("Set Transform " + target.Name);
                if (position != null)
                    target.Position = Stored(position, 0);
                if (rotation != null)
                    target.Euler = Stored(rotation, 360);
                if (scale != null)
                    target.Scale = Stored(scale, 0);
                return new JObject { { "observed", Transform(target) } };
            }
        }

        // As 32-bit floats, as Unity stores them; angles wrapped into [0, 360).
        static double[] Stored(double[] values, double period)
        {
            var stored = new double[3];
            for (int index = 0; index < 3; ++index)
            {
                double value = period > 0 ? ((values[index] % period) + period) % period : values[index];
                stored[index] = (float)value;
            }
            return stored;
        }

        static JObject Vector(double[] values)
        {
            return new JObject { { "x", values[0] }, { "y", values[1] }, { "z", values[2] } };
        }

        // Unity's Euler order: Z first, then X, then Y (q = qY * qX * qZ).
        static JObject Quaternion(double[] euler)
        {
            double[] qx = Axis(euler[0], 0), qy = Axis(euler[1], 1), qz = Axis(euler[2], 2);
            double[] q = Multiply(Multiply(qy, qx), qz);
            return new JObject { { "x", Math.Round(q[0], 6) }, { "y", Math.Round(q[1], 6) }, { "z", Math.Round(q[2], 6) }, { "w", Math.Round(q[3], 6) } };
        }

        static double[] Axis(double degrees, int axis)
        {
            double half = degrees * Math.PI / 360;
            var q = new double[] { 0, 0, 0, Math.Cos(half) };
            q[axis] = Math.Sin(half);
            return q;
        }

        static double[] Multiply(double[] a, double[] b)
        {
            return new[]
            {
                a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
                a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
                a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
                a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
            };
        }

        static JObject Transform(SceneObject item)
        {
            return new JObject
            {
                { "instanceId", item.InstanceId }, { "path", "/" + item.Name },
                { "local", new JObject { { "position", Vector(item.Position) }, { "rotation", Quaternion(item.Euler) }, { "eulerAngles", Vector(item.Euler) }, { "scale", Vector(item.Scale) } } },
                { "world", new JObject { { "position", Vector(item.Position) }, { "rotation", Quaternion(item.Euler) }, { "eulerAngles", Vector(item.Euler) }, { "lossyScale", Vector(item.Scale) } } },
            };
        }

        static JObject Node(SceneObject item)
        {
            return new JObject
            {
                { "instanceId", item.InstanceId }, { "name", item.Name }, { "path", "/" + item.Name },
                { "active", item.Active }, { "childCount", 0 },
            };
        }
    }
}
