// The Unity window's reading of the host's Markdown tree: every tree of the shared fixture
// (tests/markdown/fixtures/messages.json) read into the view model says exactly what the host sent;
// and long texts cut into pieces below UI Toolkit's per-label limit, each escaped on its own.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using AgentPanel.Panel;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class MarkdownTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["viewmodel.markdown_tree_matches_the_fixture"] = TreeMatchesTheFixture;
            cases["viewmodel.long_texts_split_below_the_label_limit"] = LongTextsSplitBelowTheLabelLimit;
        }

        // Every piece within the bound, the pieces joining back to the text, and each piece, escaped on
        // its own, one whole <noparse> span whose visible characters are the piece's.
        static List<string> CheckedPieces(string text, int bound, string what)
        {
            List<string> pieces = LabelChunks.Split(text, bound);
            Check.Equal(text, string.Concat(pieces.ToArray()), what + ": the pieces join back to the text");
            for (int index = 0; index + 1 < pieces.Count; ++index)
                Check.True(!(pieces[index].EndsWith("\r") && pieces[index + 1].StartsWith("\n")), what + ": no \\r is cut from its \\n");
            foreach (string piece in pieces)
            {
                Check.True(piece.Length > 0 && piece.Length <= bound, what + ": a piece of " + piece.Length + " characters is within " + bound);
                Check.True(!char.IsLowSurrogate(piece[0]) && !char.IsHighSurrogate(piece[piece.Length - 1]), what + ": no surrogate pair is cut");
                string literal = PanelText.Literal(piece);
                Check.True(literal.StartsWith("<noparse>") && literal.EndsWith("</noparse>"), what + ": each piece is its own span");
                Check.Equal(1, Regex.Matches(literal, @"</\s*noparse", RegexOptions.IgnoreCase).Count, what + ": only the span's own closing tag");
                Check.Equal(piece, literal.Substring(9, literal.Length - 19).Replace(PanelText.ZeroWidthSpace, ""), what + ": the piece shows as written");
            }
            return pieces;
        }

        static void LongTextsSplitBelowTheLabelLimit(Options options)
        {
            int bound = LabelChunks.MaxChars;
            Check.True(bound * 4 < 65535 / 2, "the bound keeps a label's mesh at half UI Toolkit's 65,535 vertices (four per glyph)");
            Check.Equal(0, LabelChunks.Split(null).Count, "no text, no label");
            Check.Equal(1, LabelChunks.Split(new string('x', bound)).Count, "a text at the bound is one label");

            string word = new string('w', 10000);
            List<string> wordPieces = CheckedPieces(word, bound, "a 10,000-character word");
            Check.Equal(2, wordPieces.Count, "the word is cut once, where it must be");
            Check.Equal(bound, wordPieces[0].Length, "a word with no space is cut at the bound");

            string code = string.Concat(Enumerable.Range(1, 5000).Select(line => "var item" + line + " = new List<int>(); // <color=red>\n").ToArray());
            List<string> codePieces = CheckedPieces(code, bound, "a 5,000-line code block");
            Check.True(codePieces.Count > 10 && codePieces.All(piece => piece.EndsWith("\n")), "a code block is cut after whole lines (" + codePieces.Count + " pieces)");
            List<string> stacked = LabelChunks.Stacked(code);
            Check.Equal(codePieces.Count, stacked.Count, "stacked labels are the same pieces");
            Check.Equal(code, string.Join("\n", stacked.ToArray()), "stacked labels leave out only the newline between two labels");

            string prose = string.Concat(Enumerable.Repeat("a sentence with words ", 600).ToArray());
            foreach (string piece in CheckedPieces(prose, bound, "prose"))
                Check.True(piece == prose.Substring(prose.Length - piece.Length) || piece.EndsWith(" "), "prose is cut after a space");

            // A surrogate pair (an emoji) exactly where the bound falls: the cut moves before it.
            string emoji = new string('e', bound - 1) + "\U0001F600" + new string('f', 100);
            List<string> emojiPieces = CheckedPieces(emoji, bound, "a surrogate pair at the cut");
            Check.Equal(bound - 1, emojiPieces[0].Length, "the pair goes whole into the next piece");
            Check.True(emojiPieces[1].StartsWith("\U0001F600"), "the next piece starts with the emoji");
            CheckedPieces(string.Concat(Enumerable.Repeat("\U0001F600", 7000).ToArray()), bound, "a text of nothing but emoji");

            // A tag straddling the cut: both halves stay literal in their own spans.
            foreach (int offset in new[] { 1, 5, 10 })
            {
                string tagged = new string('t', bound - offset) + "<color=red>x</color>" + new string('u', 50);
                List<string> pieces = CheckedPieces(tagged, bound, "<color=red> cut after " + offset + " characters");
                Check.True(pieces[0].EndsWith("<color=red>".Substring(0, offset)), "the cut falls inside the tag");
            }
            CheckedPieces(new string('n', bound - 4) + "</noparse><b>bold</b>" + new string('v', 20), bound, "a closing </noparse> straddling the cut");

            // Windows line breaks: the bound between a "\r" and its "\n" moves the cut before the "\r",
            // whether the piece would end at whitespace or nowhere better; stacked labels drop the whole "\r\n".
            List<string> straddled = CheckedPieces(new string('c', bound - 1) + "\r\n" + new string('d', 100), bound, "a \\r\\n straddling the bound");
            Check.Equal(bound - 1, straddled[0].Length, "the cut goes before the \\r");
            Check.True(straddled[1].StartsWith("\r\n"), "the line break goes whole into the next piece");
            List<string> afterWord = CheckedPieces(new string('a', bound - 3) + " b\r\nc", bound, "a \\r\\n after a word at the bound");
            Check.Equal(new string('a', bound - 3) + " b", afterWord[0], "the piece ends before the \\r, not after it");
            CheckedPieces("a\r\nb\r\n\r\nc", 2, "line breaks with a bound of two");
            string windowsCode = string.Concat(Enumerable.Range(1, 3000).Select(line => "var item" + line + " = 0;\r\n").ToArray());
            List<string> windowsPieces = CheckedPieces(windowsCode, bound, "a code block with Windows line breaks");
            Check.True(windowsPieces.All(piece => piece.EndsWith("\r\n")), "cut after whole lines, each with its \\r\\n");
            Check.Equal(windowsCode, string.Join("\r\n", LabelChunks.Stacked(windowsCode).ToArray()), "stacked labels leave out the whole \\r\\n between two labels");
        }

        // Each fixture tree, read through a transcript event and written back in the protocol's
        // shape, equals the host's; a fallback tree leaves the card as plain text.
        static void TreeMatchesTheFixture(Options options)
        {
            JObject fixture = JObject.Parse(File.ReadAllText(options.MarkdownFixture));
            var messages = (JArray)fixture["messages"];
            Check.True(messages.Count >= 30, "the fixture keeps at least 30 messages");
            foreach (JObject message in messages)
            {
                var transcript = new Transcript();
                transcript.Apply(new JObject { ["type"] = "assistant_message", ["seq"] = 1, ["text"] = message["text"], ["markdown"] = message["expected"] });
                Card card = transcript.Cards[transcript.Cards.Count - 1];
                string name = (string)message["name"];
                if (message["expected"]["fallback"] != null)
                {
                    Check.True(card.Markdown == null, name + ": past a limit the card is plain text");
                    continue;
                }
                JObject written = new JObject { ["version"] = 1, ["blocks"] = Blocks(card.Markdown) };
                Check.True(JToken.DeepEquals(written, message["expected"]), name + ": read back " + written.ToString(Newtonsoft.Json.Formatting.None));
            }
            var older = new Transcript();
            older.Apply(JObject.Parse(@"{""type"":""assistant_message"",""seq"":1,""text"":""# no tree""}"));
            Check.True(older.Cards[0].Markdown == null, "a message without a tree is plain text");
        }

        static JArray Blocks(List<MarkdownBlock> blocks)
        {
            var array = new JArray();
            foreach (MarkdownBlock block in blocks)
                array.Add(Block(block));
            return array;
        }

        static JObject Block(MarkdownBlock block)
        {
            switch (block.Kind)
            {
                case MarkdownBlockKind.Paragraph: return new JObject { ["type"] = "paragraph", ["inlines"] = Inlines(block.Inlines) };
                case MarkdownBlockKind.Heading: return new JObject { ["type"] = "heading", ["level"] = block.Level, ["inlines"] = Inlines(block.Inlines) };
                case MarkdownBlockKind.Code: return new JObject { ["type"] = "code", ["language"] = block.Language, ["text"] = block.Text };
                case MarkdownBlockKind.Quote: return new JObject { ["type"] = "quote", ["blocks"] = Blocks(block.Blocks) };
                case MarkdownBlockKind.Rule: return new JObject { ["type"] = "rule" };
                case MarkdownBlockKind.List:
                    var list = new JObject { ["type"] = "list", ["ordered"] = block.Ordered };
                    if (block.Ordered)
                        list["start"] = block.Start;
                    var items = new JArray();
                    foreach (List<MarkdownBlock> item in block.Items)
                        items.Add(Blocks(item));
                    list["items"] = items;
                    return list;
                default:
                    var header = new JArray();
                    foreach (List<MarkdownInline> cell in block.Header)
                        header.Add(Inlines(cell));
                    var rows = new JArray();
                    foreach (List<List<MarkdownInline>> row in block.Rows)
                    {
                        var cells = new JArray();
                        foreach (List<MarkdownInline> cell in row)
                            cells.Add(Inlines(cell));
                        rows.Add(cells);
                    }
                    return new JObject { ["type"] = "table", ["align"] = new JArray(block.Alignments), ["header"] = header, ["rows"] = rows };
            }
        }

        static JArray Inlines(List<MarkdownInline> inlines)
        {
            var array = new JArray();
            foreach (MarkdownInline run in inlines)
            {
                switch (run.Kind)
                {
                    case MarkdownInlineKind.Text: array.Add(new JObject { ["type"] = "text", ["text"] = run.Text }); break;
                    case MarkdownInlineKind.Code: array.Add(new JObject { ["type"] = "code", ["text"] = run.Text }); break;
                    case MarkdownInlineKind.Break: array.Add(new JObject { ["type"] = "break" }); break;
                    case MarkdownInlineKind.Emphasis: array.Add(new JObject { ["type"] = "emphasis", ["inlines"] = Inlines(run.Inlines) }); break;
                    case MarkdownInlineKind.Strong: array.Add(new JObject { ["type"] = "strong", ["inlines"] = Inlines(run.Inlines) }); break;
                    default:
                        string kind = run.LinkKind == MarkdownLinkKind.Asset ? "asset" : run.LinkKind == MarkdownLinkKind.Mail ? "mail" : "web";
                        array.Add(new JObject { ["type"] = "link", ["target"] = run.Target, ["kind"] = kind, ["inlines"] = Inlines(run.Inlines) });
                        break;
                }
            }
            return array;
        }
    }
}
