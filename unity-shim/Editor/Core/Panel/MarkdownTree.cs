// The host's Markdown tree of a final assistant message (docs/panel-protocol.md, "Rendered
// Markdown") as C# types, read once from the event, so the window renders structure, never Markdown.
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public enum MarkdownBlockKind { Paragraph, Heading, List, Code, Table, Quote, Rule }
    public enum MarkdownInlineKind { Text, Emphasis, Strong, Code, Link, Break }
    public enum MarkdownLinkKind { Web, Mail, Asset }

    public sealed class MarkdownInline
    {
        public MarkdownInlineKind Kind;
        public string Text = string.Empty;   // Text and Code runs
        public string Target = string.Empty; // Link
        public MarkdownLinkKind LinkKind;
        public List<MarkdownInline> Inlines = new List<MarkdownInline>();
    }

    public sealed class MarkdownBlock
    {
        public MarkdownBlockKind Kind;
        public int Level;                       // Heading
        public bool Ordered;                    // List
        public long Start = 1;                  // ordered List
        public string Language = string.Empty;  // Code
        public string Text = string.Empty;      // Code
        public List<MarkdownInline> Inlines = new List<MarkdownInline>();
        public List<List<MarkdownBlock>> Items = new List<List<MarkdownBlock>>();            // List
        public List<MarkdownBlock> Blocks = new List<MarkdownBlock>();                       // Quote
        public List<string> Alignments = new List<string>();                                 // Table: none, left, center, right
        public List<List<MarkdownInline>> Header = new List<List<MarkdownInline>>();         // Table
        public List<List<List<MarkdownInline>>> Rows = new List<List<List<MarkdownInline>>>(); // Table
    }

    public static class MarkdownTree
    {
        // The blocks of an event's "markdown", or null when the message is to be shown as plain
        // text: no tree (an older host), or the host's fallback past a limit. Unknown block types are
        // skipped and unknown inline types show their text, as the protocol asks.
        public static List<MarkdownBlock> Read(JToken markdown)
        {
            JObject tree = markdown as JObject;
            if (tree == null || tree["fallback"] != null || !(tree["blocks"] is JArray))
                return null;
            return Blocks(tree["blocks"]);
        }

        static List<MarkdownBlock> Blocks(JToken blocks)
        {
            var read = new List<MarkdownBlock>();
            foreach (JToken block in Array(blocks))
            {
                MarkdownBlock one = Block(block as JObject);
                if (one != null)
                    read.Add(one);
            }
            return read;
        }

        static MarkdownBlock Block(JObject block)
        {
            switch (block == null ? null : (string)block["type"])
            {
                case "paragraph": return new MarkdownBlock { Kind = MarkdownBlockKind.Paragraph, Inlines = Inlines(block["inlines"]) };
                case "heading": return new MarkdownBlock { Kind = MarkdownBlockKind.Heading, Level = (int?)block["level"] ?? 1, Inlines = Inlines(block["inlines"]) };
                case "code": return new MarkdownBlock { Kind = MarkdownBlockKind.Code, Language = (string)block["language"] ?? string.Empty, Text = (string)block["text"] ?? string.Empty };
                case "quote": return new MarkdownBlock { Kind = MarkdownBlockKind.Quote, Blocks = Blocks(block["blocks"]) };
                case "rule": return new MarkdownBlock { Kind = MarkdownBlockKind.Rule };
                case "list": return List(block);
                case "table": return Table(block);
                default: return null;
            }
        }

        static MarkdownBlock List(JObject block)
        {
            var list = new MarkdownBlock { Kind = MarkdownBlockKind.List, Ordered = (bool?)block["ordered"] ?? false, Start = (long?)block["start"] ?? 1 };
            foreach (JToken item in Array(block["items"]))
                list.Items.Add(Blocks(item));
            return list;
        }

        static MarkdownBlock Table(JObject block)
        {
            var table = new MarkdownBlock { Kind = MarkdownBlockKind.Table };
            foreach (JToken alignment in Array(block["align"]))
                table.Alignments.Add((string)alignment ?? "none");
            foreach (JToken cell in Array(block["header"]))
                table.Header.Add(Inlines(cell));
            foreach (JToken row in Array(block["rows"]))
            {
                var cells = new List<List<MarkdownInline>>();
                foreach (JToken cell in Array(row))
                    cells.Add(Inlines(cell));
                table.Rows.Add(cells);
            }
            return table;
        }

        static List<MarkdownInline> Inlines(JToken inlines)
        {
            var read = new List<MarkdownInline>();
            foreach (JToken token in Array(inlines))
            {
                JObject run = token as JObject;
                if (run != null)
                    read.Add(Inline(run));
            }
            return read;
        }

        static MarkdownInline Inline(JObject run)
        {
            string text = (string)run["text"] ?? string.Empty;
            switch ((string)run["type"])
            {
                case "emphasis": return new MarkdownInline { Kind = MarkdownInlineKind.Emphasis, Inlines = Inlines(run["inlines"]) };
                case "strong": return new MarkdownInline { Kind = MarkdownInlineKind.Strong, Inlines = Inlines(run["inlines"]) };
                case "code": return new MarkdownInline { Kind = MarkdownInlineKind.Code, Text = text };
                case "break": return new MarkdownInline { Kind = MarkdownInlineKind.Break };
                case "link": return Link(run);
                default: return new MarkdownInline { Kind = MarkdownInlineKind.Text, Text = text };
            }
        }

        // The host checked the target; a kind this reader does not know keeps the text without a link.
        static MarkdownInline Link(JObject run)
        {
            var link = new MarkdownInline { Kind = MarkdownInlineKind.Link, Target = (string)run["target"] ?? string.Empty, Inlines = Inlines(run["inlines"]) };
            switch ((string)run["kind"])
            {
                case "web": link.LinkKind = MarkdownLinkKind.Web; return link;
                case "mail": link.LinkKind = MarkdownLinkKind.Mail; return link;
                case "asset": link.LinkKind = MarkdownLinkKind.Asset; return link;
                default: return new MarkdownInline { Kind = MarkdownInlineKind.Text, Text = PlainText(link.Inlines) };
            }
        }

        // What the runs say, without their styles.
        public static string PlainText(List<MarkdownInline> inlines)
        {
            var text = new System.Text.StringBuilder();
            foreach (MarkdownInline run in inlines)
                text.Append(run.Kind == MarkdownInlineKind.Break ? "\n" : run.Inlines.Count > 0 ? PlainText(run.Inlines) : run.Text);
            return text.ToString();
        }

        static IEnumerable<JToken> Array(JToken token)
        {
            JArray array = token as JArray;
            return array ?? new JArray();
        }
    }
}
