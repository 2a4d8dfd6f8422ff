// The one escaping chokepoint: every text that reaches a label goes through Literal (a tooltip through
// Tooltip), so a reply mentioning List<int> or <color=red> shows those characters instead of restyling the panel.
using System.Text.RegularExpressions;

namespace AgentPanel.Panel
{
    public static class PanelText
    {
        // UI Toolkit labels render through TextCore, whose parser stops interpreting tags inside
        // <noparse> until a closing </noparse> (any letter case, any spaces before '>'). A closing
        // tag inside the text itself is broken with a zero-width space so it cannot end the span.
        static readonly Regex ClosingNoParse = new Regex(@"</(\s*)noparse", RegexOptions.IgnoreCase | RegexOptions.CultureInvariant);
        public const string ZeroWidthSpace = "\u200B";

        public static string Literal(string text)
        {
            if (string.IsNullOrEmpty(text))
                return string.Empty;
            string safe = ClosingNoParse.Replace(text, match => "<" + ZeroWidthSpace + "/" + match.Groups[1].Value + match.Value.Substring(2 + match.Groups[1].Value.Length));
            return "<noparse>" + safe + "</noparse>";
        }

        // The editor draws a tooltip with IMGUI rich text, which knows no <noparse>: a zero-width space
        // after every '<' keeps <b> or <color=red> in a chip's text from being read as a tag.
        public static string Tooltip(string text)
        {
            return string.IsNullOrEmpty(text) ? string.Empty : text.Replace("<", "<" + ZeroWidthSpace);
        }
    }
}
