// Gives the window its stylesheets: the layout and classes (Theme/AgentPanel.uss) and the colours
// of the editor's current skin (Theme/AgentPanelDark.uss or AgentPanelLight.uss).
using UnityEditor;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor
{
    static class PanelTheme
    {
        const string Folder = "Packages/com.agentpanel.unity/Editor/Unity/Window/Theme/";

        public static void Apply(VisualElement root)
        {
            root.AddToClassList("uap-root");
            Add(root, "AgentPanel.uss");
            Add(root, EditorGUIUtility.isProSkin ? "AgentPanelDark.uss" : "AgentPanelLight.uss");
        }

        // A missing sheet leaves the window readable in the editor's own style, and says which file.
        static void Add(VisualElement root, string file)
        {
            var sheet = AssetDatabase.LoadAssetAtPath<StyleSheet>(Folder + file);
            if (sheet == null)
            {
                Debug.LogWarning("Agent Panel: the stylesheet " + Folder + file + " was not found; the window keeps the editor's default look. Reinstall the package com.agentpanel.unity to restore it.");
                return;
            }
            root.styleSheets.Add(sheet);
        }
    }
}
