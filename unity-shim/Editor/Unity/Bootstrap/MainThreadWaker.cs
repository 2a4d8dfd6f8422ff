// Wakes the editor's main loop from the bridge's socket thread, so a request does not wait for the next
// EditorApplication.update of a background (throttled) editor. Why these members: docs/unity-package.md.
using System;
using System.Reflection;
using UnityEditor;

namespace AgentPanel.Editor
{
    static class MainThreadWaker
    {
        // EditorApplication.SignalTick is internal and marked thread safe in Unity's bindings
        // ([ThreadSafe] on 2022.3 to 6000.4, [NativeMethod(IsThreadSafe = true)] on 6000.5); the public
        // QueuePlayerLoopUpdate calls SetSceneRepaintDirty, which is not, so it may not be called here.
        // Null when this Unity has no such method: requests then run on the next scheduled update.
        public static Action ResolveSignal()
        {
            MethodInfo signal = typeof(EditorApplication).GetMethod("SignalTick", BindingFlags.Static | BindingFlags.NonPublic, null, Type.EmptyTypes, null);
            return signal != null ? (Action)Delegate.CreateDelegate(typeof(Action), signal, false) : null;
        }

        // SignalTick raises the internal EditorApplication.tick event (EditorApplication.CallDelayed
        // relies on the pair), so the pump listens there as well as on update. False when this Unity has
        // no such event.
        public static bool SubscribeToTick(EditorApplication.CallbackFunction handler)
        {
            EventInfo tick = typeof(EditorApplication).GetEvent("tick", BindingFlags.Static | BindingFlags.NonPublic);
            MethodInfo add = tick != null ? tick.GetAddMethod(true) : null;
            if (add == null || tick.EventHandlerType != typeof(EditorApplication.CallbackFunction))
                return false;
            add.Invoke(null, new object[] { handler });
            return true;
        }
    }
}
