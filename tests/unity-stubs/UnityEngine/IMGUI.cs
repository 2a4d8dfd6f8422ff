// Stubs of the IMGUI types the package uses (an editor window's title), for compiling it with mcs.
// Derived from Unity-Technologies/UnityCsReference, branch 2022.3: Modules/IMGUI/GUIContent.cs.
namespace UnityEngine
{
    public class GUIContent
    {
        public GUIContent() { }
        public GUIContent(string text) { }
        public string text { get { throw new System.NotImplementedException(); } set { } }
    }
}
