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
        float m_lastScroll = float.NaN;

        public KeptDraft(ISessionValues values) { m_values = values; }

        public string Draft { get { return m_values.GetString(DraftKey, string.Empty); } }

        // NaN when nothing was kept: the window then starts at the end of the transcript.
        public float ScrollY
        {
            get
            {
                float value;
                return float.TryParse(m_values.GetString(ScrollKey, string.Empty), NumberStyles.Float, CultureInfo.InvariantCulture, out value) ? value : float.NaN;
            }
        }

        // Called on every refresh; writes only what changed.
        public void Keep(string draft, float scrollY)
        {
            if (draft != m_lastDraft)
            {
                m_values.SetString(DraftKey, draft ?? string.Empty);
                m_lastDraft = draft;
            }
            if (!scrollY.Equals(m_lastScroll))
            {
                m_values.SetString(ScrollKey, scrollY.ToString("R", CultureInfo.InvariantCulture));
                m_lastScroll = scrollY;
            }
        }
    }
}
