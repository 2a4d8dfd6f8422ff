// Compiles against MismatchedStub.cs; the reference check must refuse it (Transform.childCount is an
// instance property in Unity).
namespace AgentPanel.NegativeCases
{
    static class UsesMismatchedStub
    {
        public static int Count() { return UnityEngine.Transform.childCount; }
    }
}
