// gameView.get/set: the Game view's target resolution. Unity keeps it in internal classes (GameView,
// GameViewSizes, GameViewSizeGroup, GameViewSize in Editor/Mono/GameView/, 2022.3), reached by
// reflection; every missing member fails with unsupported naming the Unity version, never a guess.
using System;
using System.Reflection;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class GameViewPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("gameView.get", Get);
            table.Add("gameView.set", Set);
        }

        const BindingFlags Instance = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;
        const BindingFlags Static = BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.FlattenHierarchy;

        sealed class Internals
        {
            public Type GameView, Sizes, Group, Size, SizeType;
            public PropertyInfo SizesInstance, CurrentGroup, SelectedSizeIndex, TargetRenderSize, Width, Height, SizeTypeOf;
            public MethodInfo GetTotalCount, GetGameViewSize, AddCustomSize, SaveToHDD, SizeSelectionCallback;
            public ConstructorInfo NewSize;
        }

        static Internals Find()
        {
            Assembly editor = typeof(EditorWindow).Assembly;
            var found = new Internals
            {
                GameView = editor.GetType("UnityEditor.GameView"),
                Sizes = editor.GetType("UnityEditor.GameViewSizes"),
                Group = editor.GetType("UnityEditor.GameViewSizeGroup"),
                Size = editor.GetType("UnityEditor.GameViewSize"),
                SizeType = editor.GetType("UnityEditor.GameViewSizeType"),
            };
            if (found.GameView != null && found.Sizes != null && found.Group != null && found.Size != null && found.SizeType != null)
            {
                // GameViewSizes.instance is declared on its base class ScriptableSingleton<GameViewSizes>.
                found.SizesInstance = found.Sizes.GetProperty("instance", Static);
                found.CurrentGroup = found.Sizes.GetProperty("currentGroup", Instance);
                found.SaveToHDD = found.Sizes.GetMethod("SaveToHDD", Instance, null, Type.EmptyTypes, null);
                found.SelectedSizeIndex = found.GameView.GetProperty("selectedSizeIndex", Instance);
                found.TargetRenderSize = found.GameView.GetProperty("targetRenderSize", Instance);
                found.SizeSelectionCallback = found.GameView.GetMethod("SizeSelectionCallback", Instance, null, new[] { typeof(int), typeof(object) }, null);
                found.GetTotalCount = found.Group.GetMethod("GetTotalCount", Instance, null, Type.EmptyTypes, null);
                found.GetGameViewSize = found.Group.GetMethod("GetGameViewSize", Instance, null, new[] { typeof(int) }, null);
                found.AddCustomSize = found.Group.GetMethod("AddCustomSize", Instance, null, new[] { found.Size }, null);
                found.Width = found.Size.GetProperty("width", Instance);
                found.Height = found.Size.GetProperty("height", Instance);
                found.SizeTypeOf = found.Size.GetProperty("sizeType", Instance);
                found.NewSize = found.Size.GetConstructor(Instance, null, new[] { found.SizeType, typeof(int), typeof(int), typeof(string) }, null);
            }
            if (found.SizesInstance == null || found.CurrentGroup == null || found.SaveToHDD == null || found.SelectedSizeIndex == null ||
                found.TargetRenderSize == null || found.SizeSelectionCallback == null || found.GetTotalCount == null || found.GetGameViewSize == null ||
                found.AddCustomSize == null || found.Width == null || found.Height == null || found.SizeTypeOf == null || found.NewSize == null ||
                !Enum.IsDefined(found.SizeType, "FixedResolution"))
                throw PrimitiveError.Unsupported("this Unity (" + Application.unityVersion + ") changed its internal Game view classes (UnityEditor.GameView, " +
                                                 "GameViewSizes); setting the Game view size needs an update of the Agent Panel package. " +
                                                 "Meanwhile pick the resolution in the Game view's size menu");
            return found;
        }

        static Object OpenGameView(Internals internals)
        {
            Object[] open = Resources.FindObjectsOfTypeAll(internals.GameView);
            return open.Length > 0 ? open[0] : null;
        }

        static bool IsFixed(Internals internals, object size)
        {
            return internals.SizeTypeOf.GetValue(size, null).ToString() == "FixedResolution";
        }

        // The selected entry's resolution when it is fixed; otherwise (Free Aspect, aspect ratios) the
        // pixels the view renders at, which follow the window's size.
        static JObject Size(Internals internals, Object gameView)
        {
            if (gameView == null)
                return new JObject { { "open", false }, { "width", 0 }, { "height", 0 } };
            object group = internals.CurrentGroup.GetValue(internals.SizesInstance.GetValue(null, null), null);
            int selected = (int)internals.SelectedSizeIndex.GetValue(gameView, null);
            object size = internals.GetGameViewSize.Invoke(group, new object[] { selected });
            int width, height;
            if (IsFixed(internals, size))
            {
                width = (int)internals.Width.GetValue(size, null);
                height = (int)internals.Height.GetValue(size, null);
            }
            else
            {
                var pixels = (Vector2)internals.TargetRenderSize.GetValue(gameView, null);
                width = (int)Math.Round(pixels.x);
                height = (int)Math.Round(pixels.y);
            }
            return new JObject { { "open", true }, { "width", width }, { "height", height }, { "fixedResolution", IsFixed(internals, size) } };
        }

        static JObject Get(JObject parameters)
        {
            Internals internals = Find();
            return Size(internals, OpenGameView(internals));
        }

        static JObject Set(JObject parameters)
        {
            int width = (int)Params.OptionalInteger(parameters, "width", -1, 16, 8192);
            int height = (int)Params.OptionalInteger(parameters, "height", -1, 16, 8192);
            if (width < 0 || height < 0)
                throw PrimitiveError.InvalidParams("params.width and params.height are both required (16 to 8192 pixels)");
            Internals internals = Find();
            // A closed Game view is opened (where Unity's layout puts it): the size belongs to a view.
            Object gameView = OpenGameView(internals) ?? EditorWindow.GetWindow(internals.GameView);
            object sizes = internals.SizesInstance.GetValue(null, null);
            object group = internals.CurrentGroup.GetValue(sizes, null);
            int total = (int)internals.GetTotalCount.Invoke(group, null);
            int index = -1;
            for (int candidate = 0; candidate < total && index < 0; ++candidate)
            {
                object size = internals.GetGameViewSize.Invoke(group, new object[] { candidate });
                if (IsFixed(internals, size) && (int)internals.Width.GetValue(size, null) == width && (int)internals.Height.GetValue(size, null) == height)
                    index = candidate;
            }
            if (index < 0)
            {
                object fixedType = Enum.Parse(internals.SizeType, "FixedResolution");
                object added = internals.NewSize.Invoke(new[] { fixedType, width, height, (object)("Agent Panel " + width + "x" + height) });
                internals.AddCustomSize.Invoke(group, new[] { added });
                internals.SaveToHDD.Invoke(sizes, null);
                index = total;
            }
            // What the size menu calls when the user picks an entry: selects it and resizes the view.
            internals.SizeSelectionCallback.Invoke(gameView, new object[] { index, null });
            return new JObject { { "observed", Size(internals, gameView) } };
        }
    }
}
