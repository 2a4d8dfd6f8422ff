// Cuts a long text into pieces a UI Toolkit label can draw: a label's mesh holds at most 65,535
// vertices, four per glyph, so past about 16,000 visible characters the text is not drawn at all.
using System.Collections.Generic;

namespace AgentPanel.Panel
{
    public static class LabelChunks
    {
        // Half the ceiling: a label also draws what the escaping adds, and a wide glyph may take more.
        public const int MaxChars = 8000;

        public static List<string> Split(string text) { return Split(text, MaxChars); }

        // Pieces of at most bound UTF-16 units that join back to exactly text. Each ends after the last
        // newline within the bound, else after the last whitespace, else at the bound, one unit earlier
        // when the bound falls inside a surrogate pair; a cut never falls between a "\r" and its "\n"
        // (it moves before the "\r"), so no label ends in half a Windows line break. Each piece goes
        // through PanelText.Literal on its own, so every label holds one whole <noparse> span.
        public static List<string> Split(string text, int bound)
        {
            var pieces = new List<string>();
            if (string.IsNullOrEmpty(text))
                return pieces;
            int start = 0;
            while (text.Length - start > bound)
            {
                int end = CutWithin(text, start, bound);
                pieces.Add(text.Substring(start, end - start));
                start = end;
            }
            pieces.Add(text.Substring(start));
            return pieces;
        }

        // For labels stacked one under another (a code block, a tool's result): the newline a piece ends
        // at ("\n" or "\r\n") is already the break between two labels, so it is left out instead of
        // drawing an empty line.
        public static List<string> Stacked(string text)
        {
            List<string> pieces = Split(text);
            for (int index = 0; index < pieces.Count - 1; ++index)
                if (pieces[index].EndsWith("\n"))
                    pieces[index] = pieces[index].Substring(0, pieces[index].Length - (pieces[index].EndsWith("\r\n") ? 2 : 1));
            return pieces;
        }

        static int CutWithin(string text, int start, int bound)
        {
            int last = start + bound - 1;
            int newline = text.LastIndexOf('\n', last, bound);
            if (newline >= start)
                return newline + 1;
            for (int index = last; index >= start; --index)
            {
                if (!char.IsWhiteSpace(text[index]))
                    continue;
                // Only the bound's last unit can be a "\r" whose "\n" lies past it (a "\n" within the
                // bound was taken above): the cut goes before the "\r", unless that leaves nothing.
                if (!SplitsLineBreak(text, index + 1))
                    return index + 1;
                if (index > start)
                    return index;
            }
            int end = start + bound;
            return char.IsHighSurrogate(text[end - 1]) && char.IsLowSurrogate(text[end]) ? end - 1 : end;
        }

        // Whether a cut at index would leave a "\r" at the end of one piece and its "\n" at the start of the next.
        static bool SplitsLineBreak(string text, int index)
        {
            return index > 0 && index < text.Length && text[index - 1] == '\r' && text[index] == '\n';
        }
    }
}
