// The bridge primitives with Unity's own APIs, as one table: each area file adds its methods. Every
// write goes through Undo so the user can take it back, and answers with what it read back.
using System;
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace AgentPanel.Editor.Primitives
{
    public sealed class UnityEditorPrimitives : IEditorPrimitives, IDeferredPrimitives, IProjectToolSource
    {
        readonly Dictionary<string, Func<JObject, JObject>> m_handlers = new Dictionary<string, Func<JObject, JObject>>();
        readonly List<string> m_methods = new List<string>();

        public UnityEditorPrimitives(EditorIdentity identity)
        {
            Identity = identity;
            EditorAreaPrimitives.Register(this);
            HierarchyPrimitives.Register(this);
            TransformPrimitives.Register(this);
            SceneDigest.Register(this);
            ComponentPrimitives.Register(this);
            PropertyPrimitives.Register(this);
            UndoPrimitives.Register(this);
            TurnPrimitives.Register(this);
            PrefabStagePrimitives.Register(this);
            PrefabOverridePrimitives.Register(this);
            SelectionAndMenuPrimitives.Register(this);
            ConsolePrimitives.Register(this);
            AssetPrimitives.Register(this);
            AssetImportPrimitives.Register(this);
            SearchPrimitives.Register(this);
            UnitySearchPrimitive.Register(this);
            ScreenshotPrimitives.Register(this);
            GameViewPrimitives.Register(this);
            AssetRefreshPrimitive.Register(this);
            ScriptValidation.Register(this);
            PackagePrimitives.Register(this);
            Markers.SceneMarkerPrimitives.Register(this);
            MaterialPrimitives.Register(this);
            LightingPrimitives.Register(this);
            AnimationPrimitives.Register(this);
            AvatarPrimitives.Register(this);
            WindowPrimitives.Register(this);
            ProjectToolPrimitives.Register(this);
            // Optional assemblies' primitives (the Test Framework's tests.run.*), when the project has them.
            PrimitiveExtensions.ApplyTo(this);
        }

        public JArray ProjectTools { get { return ProjectToolPrimitives.Advertised; } }

        public EditorIdentity Identity { get; private set; }
        public IList<string> Methods { get { return m_methods.AsReadOnly(); } }

        public void Add(string method, Func<JObject, JObject> handler)
        {
            if (!BridgeMethods.Primitives.Contains(method))
                throw new ArgumentException(method + " is not a primitive of bridge protocol v" + BridgeMethods.ProtocolVersion);
            m_handlers[method] = handler;
            if (!m_methods.Contains(method))
                m_methods.Add(method);
        }

        public bool IsDeferred(string method) { return method == "scripts.validate" || method == "packages.add"; }

        public void Begin(string method, JObject parameters, Action<JObject, PrimitiveError> done)
        {
            if (method == "packages.add")
                PackagePrimitives.Begin(parameters, done);
            else
                ScriptValidation.Begin(parameters, done);
        }

        public JObject Execute(string method, JObject parameters)
        {
            Func<JObject, JObject> handler;
            if (!m_handlers.TryGetValue(method, out handler))
                throw PrimitiveError.Unsupported(method + " is not implemented by this editor");
            PlayModeWriteOutcome outcome = PlayModeGuard.Check(method, parameters);
            // Unity merges undo operations into one Edit > Undo step until the group is incremented, which
            // it does on user input, not between our requests: so each scene write outside a caller's
            // explicit group (undo.beginGroup, a batch) starts its own step. A turn still collapses its
            // steps into one when it ends (turn.end).
            if (SceneWrites.Contains(method, parameters) && !UndoPrimitives.ExplicitGroupOpen)
                Undo.IncrementCurrentGroup();
            // During a turn, steps that appear between these calls are the user's (TurnWatch).
            TurnWatch.BeforeAgentCall();
            try
            {
                return SceneObjects.MarkStage(method, PlayModeGuard.Mark(handler(parameters), outcome));
            }
            finally
            {
                TurnWatch.AfterAgentCall(Undo.GetCurrentGroup());
                // Unity's notices arrive later than the next request of the same tick may need them.
                if (!IndexKeeping.KeepsHierarchy(method, parameters))
                    SceneObjectIndex.Invalidate();
            }
        }
    }
}
