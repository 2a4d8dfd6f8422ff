// A small in-memory scene answering a few primitives with results shaped as bridge-v1.json says,
// standing in for Unity's scene in the shim's tests. It counts every execution per object name, so
// a test sees whether a write ran twice; an object named "block…" holds the main thread until released.
using System;
using System.Collections.Generic;
using System.Threading;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public sealed class InMemoryScene : IEditorPrimitives, IDeferredPrimitives
    {
        sealed class SceneObject
        {
            public long InstanceId;
            public string Name;
            public bool Active = true;
        }

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

        public IList<string> Methods
        {
            get { return new[] { "editor.info", "editor.state", "hierarchy.roots", "object.create", "scripts.validate" }; }
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

        public int ExecutionsOf(string name)
        {
            lock (m_gate)
            {
                int count;
                return m_executions.TryGetValue(name, out count) ? count : 0;
            }
        }

        public int RootCount { get { lock (m_gate) return m_roots.Count; } }

        public JObject Execute(string method, JObject parameters)
        {
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
                        var created = new SceneObject { InstanceId = ++m_nextInstanceId, Name = name };
                        m_roots.Add(created);
                        int count;
                        m_executions[name] = m_executions.TryGetValue(name, out count) ? count + 1 : 1;
                        return new JObject { { "observed", Node(created) } };
                    }
            }
            throw PrimitiveError.Unsupported(method + " is not part of the test scene");
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
