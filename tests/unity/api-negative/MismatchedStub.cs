// A wrong stub, for proving the reference check reads signatures: childCount declared static here,
// where Unity declares an instance property. Compiled as its own UnityEngine.dll, never with the stubs.
namespace UnityEngine
{
    public class Transform
    {
        public static int childCount { get { return 0; } }
    }
}
