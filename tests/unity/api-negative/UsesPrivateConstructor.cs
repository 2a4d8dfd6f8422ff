// Must not compile against the stubs: Unity keeps SceneAsset's constructor private (CS0122).
namespace AgentPanel.NegativeCases
{
    static class UsesPrivateConstructor
    {
        public static object Make() { return new UnityEditor.SceneAsset(); }
    }
}
