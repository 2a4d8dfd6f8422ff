// Object ids on the bridge: the one place that turns a Unity object into the protocol's instanceId
// and back, with each Unity version's own API, so no call site depends on which one that is.
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Primitives
{
    // An id is a signed 64-bit number, 0 meaning "no object" (docs/bridge-protocol.md, "Object ids").
    // Up to 6000.2 it is Object.GetInstanceID(). 6000.3 adds EntityId and makes InstanceIDToObject
    // obsolete; 6000.4 adds EntityId.ToULong/FromULong and objectReferenceEntityIdValue and makes the
    // int forms obsolete; 6000.5 widens EntityId to 64 bits and makes them errors. On 6000.4 and later
    // the id is EntityId.ToULong's bits read as a signed number, which is the old int instance id
    // wherever EntityId still holds one (up to 6000.4), so ids stay what they were before.
    static class ObjectIds
    {
        public static long Of(Object target)
        {
            if (target == null)
                return 0;
#if UNITY_6000_4_OR_NEWER
            return unchecked((long)EntityId.ToULong(target.GetEntityId()));
#elif UNITY_6000_3_OR_NEWER
            int id = target.GetEntityId();
            return id;
#else
            return target.GetInstanceID();
#endif
        }

        // The object with that id, or null when none has it (destroyed, or not an id of this editor).
        public static Object Find(long id)
        {
            if (id == 0)
                return null;
#if UNITY_6000_4_OR_NEWER
            // On 6000.4 FromULong keeps the low 32 bits only: a wider number must not alias an object.
            ulong raw = unchecked((ulong)id);
            EntityId entity = EntityId.FromULong(raw);
            return EntityId.ToULong(entity) == raw ? EditorUtility.EntityIdToObject(entity) : null;
#elif UNITY_6000_3_OR_NEWER
            return id < int.MinValue || id > int.MaxValue ? null : EditorUtility.EntityIdToObject((int)id);
#else
            return id < int.MinValue || id > int.MaxValue ? null : EditorUtility.InstanceIDToObject((int)id);
#endif
        }

        // The id of the object an ObjectReference property points at (0 for none), read without
        // loading the object, as the scene digest needs.
        public static long OfReference(SerializedProperty property)
        {
#if UNITY_6000_4_OR_NEWER
            return unchecked((long)EntityId.ToULong(property.objectReferenceEntityIdValue));
#else
            return property.objectReferenceInstanceIDValue;
#endif
        }
    }
}
