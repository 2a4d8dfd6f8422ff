// Which permission card held the keyboard, kept where a domain reload cannot reach it (the window's
// session store), so the card still waiting after a script compile answers Y and N again at once.
using System.Collections.Generic;

namespace AgentPanel.Panel
{
    public sealed class KeptCardFocus
    {
        const string FocusKey = "AgentPanel.Window.FocusedCard";
        readonly ISessionValues m_values;
        // The card an earlier window kept, until the first pending cards after a snapshot decide whether
        // it comes back; null once decided. Until then nothing is written, so the empty window that waits
        // for its connection does not overwrite what the last one kept.
        string m_toRestore;
        // What was written last; null before the first Keep, so a value an earlier window kept is
        // always overwritten once decided.
        string m_lastKept;

        public KeptCardFocus(ISessionValues values)
        {
            m_values = values;
            m_toRestore = values.GetString(FocusKey, string.Empty);
        }

        // Called with the pending cards once the connection's snapshot is in: the id of the kept card when
        // it still waits, else null (an answered or withdrawn card is forgotten). Only the first call decides.
        public string Restore(IList<PermissionCard> pending)
        {
            string kept = m_toRestore;
            if (kept == null)
                return null;
            m_toRestore = null;
            if (kept.Length > 0)
                foreach (PermissionCard card in pending)
                    if (card.PermissionId == kept)
                        return kept;
            return null;
        }

        // Called on every refresh with the card holding the keyboard itself (null when none does: a field
        // inside a card does not count, so keys never answer a card the user was typing a reason into);
        // writes only what changed.
        public void Keep(string focusedPermissionId)
        {
            if (m_toRestore != null)
                return;
            string value = focusedPermissionId ?? string.Empty;
            if (value == m_lastKept)
                return;
            m_values.SetString(FocusKey, value);
            m_lastKept = value;
        }

        // The window's elements are built anew (a language switch): the card that held the keyboard gets it back.
        public void Rebuilt()
        {
            if (m_toRestore == null)
                m_toRestore = m_lastKept ?? string.Empty;
        }
    }
}
