// What the editor draws for the host: agent markers and user pins. Managed state, so a domain reload
// forgets it and the host draws everything again (markers.draw with replace) after "reloaded".
using System.Collections.Generic;
using AgentPanel.Editor.Primitives;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Markers
{
    sealed class DrawnMarker
    {
        public int Id;
        public string Kind = "point";
        public string Label = "";
        public Vector3 Position;
        public long TargetInstanceId; // 0: stays at Position.
        public Vector3? To;
        public Color Color = new Color(1f, 0.8f, 0f, 1f);
        public float Size = 0.5f;
        public double ExpiresAt = double.MaxValue; // EditorApplication.timeSinceStartup.
    }

    sealed class DrawnPin
    {
        public string Id;
        public string Label = "";
        public Vector3 Position;
    }

    static class SceneMarkerStore
    {
        public static readonly SortedDictionary<int, DrawnMarker> Markers = new SortedDictionary<int, DrawnMarker>();
        public static readonly List<DrawnPin> Pins = new List<DrawnPin>();

        // A followed target's current position; false when it was destroyed (then Position is used).
        public static bool TryCurrentPosition(DrawnMarker marker, out Vector3 position)
        {
            position = marker.Position;
            if (marker.TargetInstanceId == 0)
                return true;
            var target = ObjectIds.Find(marker.TargetInstanceId) as GameObject;
            if (target == null)
                return false;
            position = target.transform.position;
            return true;
        }

        // Drops markers whose time ran out; the host drops them too at its next look.
        public static void Expire()
        {
            double now = EditorApplication.timeSinceStartup;
            var expired = new List<int>();
            foreach (var pair in Markers)
                if (pair.Value.ExpiresAt <= now)
                    expired.Add(pair.Key);
            foreach (int id in expired)
                Markers.Remove(id);
        }
    }
}
