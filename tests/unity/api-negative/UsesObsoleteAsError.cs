// Must not compile against the Unity 6000.5 stubs (GetInstanceID is [Obsolete(..., true)] there, CS0619);
// compiled against 2022.3, where it is fine, the reference check against 6000.5 must refuse it.
namespace AgentPanel.NegativeCases
{
    static class UsesObsoleteAsError
    {
        public static int Id(UnityEngine.Object target) { return target.GetInstanceID(); }
    }
}
