// The Unity window's reading of the host's Markdown tree: every tree of the shared fixture
// (tests/markdown/fixtures/messages.json) read into the view model says exactly what the host sent.
using System;
using System.Collections.Generic;
using System.IO;
using AgentPanel.Panel;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class MarkdownTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["viewmodel.markdown_tree_matches_the_fixture"] = TreeMatchesTheFixture;
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
