// Primitives from optional assemblies (one that needs a package the project may not have, such as the
// Test Framework) register here instead of AgentPanel.Editor referencing them. Every table built after
// a registration includes it; a registration after the bridge's table was built restarts the bridge,
// because the hello has already advertised the old list and the protocol has no "methods changed" event.
using System;
using System.Collections.Generic;
using UnityEngine;

namespace AgentPanel.Editor.Primitives
{
    public static class PrimitiveExtensions
    {
        static readonly List<Action<UnityEditorPrimitives>> s_registrars = new List<Action<UnityEditorPrimitives>>();
        static bool s_tableBuilt;

        // Called from an [InitializeOnLoad] static constructor; those all run before the first editor
        // update, where the bridge builds its table, so the restart is the exception, not the rule.
        public static void Register(Action<UnityEditorPrimitives> registrar)
        {
            if (registrar == null)
                throw new ArgumentNullException("registrar");
            bool late;
            lock (s_registrars)
            {
                if (s_registrars.Contains(registrar))
                    return;
                s_registrars.Add(registrar);
                late = s_tableBuilt;
            }
            // A new table (with this registrar) and a new hello, rather than changing the table the
            // socket thread reads for the hello it may be sending now.
            if (late)
                BridgeService.Restart();
        }

        internal static void ApplyTo(UnityEditorPrimitives table)
        {
            Action<UnityEditorPrimitives>[] registrars;
            lock (s_registrars)
            {
                s_tableBuilt = true;
                registrars = s_registrars.ToArray();
            }
            // One optional assembly's fault must not cost the editor its bridge.
            foreach (Action<UnityEditorPrimitives> registrar in registrars)
            {
                try
                {
                    registrar(table);
                }
                catch (Exception error)
                {
                    Debug.LogWarning("Agent Panel: an optional assembly's primitives were not registered: " + error.Message);
                }
            }
        }
    }
}
