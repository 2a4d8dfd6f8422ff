// What the dispatcher needs from an editor: who it is, which primitives it implements, and a way to
// run one on the editor's main thread. The Unity assembly implements it with Unity's APIs; the
// tests implement it with a small in-memory scene.
using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Bridge
{
    public sealed class EditorIdentity
    {
        public string UnityVersion;
        public string ProjectPath;
        public long EditorPid;
        public string EditorSessionId;
    }

    public interface IEditorPrimitives
    {
        EditorIdentity Identity { get; }

        // The methods of protocol/bridge-v1.json that Execute implements (hello.primitives).
        IList<string> Methods { get; }

        // Runs one primitive on the main thread; refuses with PrimitiveError, returns the result object.
        JObject Execute(string method, JObject parameters);
    }
}

namespace AgentPanel.Bridge
{
    // Primitives that finish on a later editor frame (a compilation): Begin returns at once and
    // calls done exactly once, on the main thread, with a result or a refusal. Until then the
    // request counts as running for request.status and re-sent ids.
    public interface IDeferredPrimitives
    {
        bool IsDeferred(string method);
        void Begin(string method, JObject parameters, Action<JObject, PrimitiveError> done);
    }
}

namespace AgentPanel.Bridge
{
    // An editor whose hello advertises the tools written in C# in the user's project (projectTools);
    // read at every hello, so the list after a domain reload is that domain's.
    public interface IProjectToolSource
    {
        JArray ProjectTools { get; }
    }
}
