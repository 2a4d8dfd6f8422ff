// A by-name index of one kind of hierarchy level (a scene's roots, or one parent's children): each level
// is built on its first lookup and the whole index is dropped on Invalidate. Every lookup also checks
// the level's member count and each candidate it answers with, and rebuilds the level before answering
// "none", so a change the index has not been told about yet costs a rebuild rather than a wrong answer
// (the exception, a second object renamed to a name that already had one, is why the editor's hierarchy
// notices call Invalidate).
using System;
using System.Collections.Generic;

namespace AgentPanel.Addressing
{
    public sealed class NameIndex<TLevel, TNode>
    {
        // Names are mostly unique within a level, so one node per name is kept without a list, and the few
        // shared names get one: building a level of 100,000 roots is then one dictionary insert per node.
        sealed class Level
        {
            public int Count;
            public Dictionary<string, TNode> Single;
            public readonly Dictionary<string, List<TNode>> Shared = new Dictionary<string, List<TNode>>();
        }

        readonly Dictionary<TLevel, Level> m_levels = new Dictionary<TLevel, Level>();
        readonly Func<TLevel, int> m_count;
        readonly Func<TLevel, IEnumerable<TNode>> m_members;
        readonly Func<TNode, string> m_name;
        readonly Func<TNode, TLevel, bool> m_stillMember;
        static readonly TNode[] s_none = new TNode[0];

        // count: how many members the level has now (cheap); members: them, in order; name: a member's
        // name; stillMember: whether a node is alive and still a member of the level (checked before its
        // name is read, since a destroyed editor object cannot be asked for its name).
        public NameIndex(Func<TLevel, int> count, Func<TLevel, IEnumerable<TNode>> members, Func<TNode, string> name,
                         Func<TNode, TLevel, bool> stillMember)
        {
            m_count = count;
            m_members = members;
            m_name = name;
            m_stillMember = stillMember;
        }

        // Levels built since this index was made, for measurements and tests.
        public long Builds { get; private set; }

        public void Invalidate() { m_levels.Clear(); }

        // The members of level named exactly name, in the level's order; do not modify the list.
        public IList<TNode> Named(TLevel level, string name)
        {
            Level built;
            if (m_levels.TryGetValue(level, out built) && built.Count == m_count(level))
            {
                IList<TNode> found = Find(built, name);
                // A miss is confirmed by a rebuild, so an object renamed to the name looked up is found even
                // before a notice arrives; misses are rare, and cost what a scan did.
                if (found.Count > 0 && AllStillNamed(found, level, name))
                    return found;
            }
            return Find(Build(level), name);
        }

        bool AllStillNamed(IList<TNode> found, TLevel level, string name)
        {
            foreach (TNode candidate in found)
                if (!m_stillMember(candidate, level) || m_name(candidate) != name)
                    return false;
            return true;
        }

        static IList<TNode> Find(Level level, string name)
        {
            TNode single;
            if (level.Single.TryGetValue(name, out single))
                return new[] { single };
            List<TNode> shared;
            return level.Shared.TryGetValue(name, out shared) ? (IList<TNode>)shared : s_none;
        }

        Level Build(TLevel level)
        {
            var built = new Level { Single = new Dictionary<string, TNode>(m_count(level)) };
            foreach (TNode member in m_members(level))
            {
                string name = m_name(member);
                List<TNode> shared;
                TNode first;
                if (built.Shared.TryGetValue(name, out shared))
                    shared.Add(member);
                else if (built.Single.TryGetValue(name, out first))
                {
                    built.Single.Remove(name);
                    built.Shared[name] = new List<TNode> { first, member };
                }
                else
                    built.Single[name] = member;
                ++built.Count;
            }
            m_levels[level] = built;
            ++Builds;
            return built;
        }
    }
}
