// The host launcher's logic under mono: start a host from a binary folder, reuse a running one, and
// never reuse a host that a copied discovery file points at.
using System;
using System.Collections.Generic;

namespace AgentPanel.Tests
{
    public static class LauncherTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
        }
    }
}
