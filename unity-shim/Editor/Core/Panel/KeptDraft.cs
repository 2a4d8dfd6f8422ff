// The composer's draft and the transcript's scroll position, kept where a domain reload cannot reach
// them (the window stores them in SessionState), so a script compile never eats a half-typed message.
using System.Globalization;

namespace AgentPanel.Panel
{
    // The editor-session store behind KeptDraft; in Unity, SessionState.
    public interface ISessionValues
    {
        string GetString(string key, string fallback);
        void SetString(string key, string value);
    }

    public sealed class KeptDraft
    {
        const string DraftKey = "AgentPanel.Window.Draft", ScrollKey = "AgentPanel.Window.ScrollY";
        readonly ISessionValues m_values;
        string m_lastDraft;
        // What was written last; null before the first Keep, so a value an earlier window kept is
        // always overwritten once.
        float? m_lastScroll;

        public KeptDraft(ISessionValues values) { m_values = values; }

        public string Draft { get { return m_values.GetString(DraftKey, string.Empty); } }

        // NaN when nothing was kept, or the window followed the newest card: it then starts at the end of
        // the transcript and follows again (an offset kept mid-stream would be above the finished answer).
        public float ScrollY
        {
            get
            {
                float value;
                return float.TryParse(m_values.GetString(ScrollKey, string.Empty), NumberStyles.Float, CultureInfo.InvariantCulture, out value) ? value : float.NaN;
            }
        }

        // Called on every refresh; writes only what changed. While following the newest card no offset
        // is kept, only that the view follows.
        public void Keep(string draft, float scrollY, bool following)
        {
            if (draft != m_lastDraft)
            {
                m_values.SetString(DraftKey, draft ?? string.Empty);
                m_lastDraft = draft;
            }
            float kept = following ? float.NaN : scrollY;
            if (m_lastScroll == null || !kept.Equals(m_lastScroll.Value))
            {
                m_values.SetString(ScrollKey, float.IsNaN(kept) ? string.Empty : kept.ToString("R", CultureInfo.InvariantCulture));
                m_lastScroll = kept;
            }
        }
    }
}
