// Renders the host's Markdown tree with UI Toolkit elements: a wrapping row of Labels per line of
// inline runs, with rich text and escape sequences off on every Label, so List<int>, <color=red>
// and a literal \n in code stay as written. Styles are font styles, never tags. A long run or code
// block becomes several labels (LabelChunks), each below UI Toolkit's per-label limit.
using System.Collections.Generic;
using AgentPanel.Panel;
using UnityEngine;
using UnityEngine.UIElements;

namespace AgentPanel.Editor
{
    static class MarkdownView
    {
        public static VisualElement Render(List<MarkdownBlock> blocks)
        {
            var column = new VisualElement();
            foreach (MarkdownBlock block in blocks)
                column.Add(Block(block));
            return column;
        }

        static VisualElement Block(MarkdownBlock block)
        {
            switch (block.Kind)
            {
                case MarkdownBlockKind.Heading: return Runs(block.Inlines, FontStyle.Bold);
                case MarkdownBlockKind.Code: return Code(block);
                case MarkdownBlockKind.List: return List(block);
                case MarkdownBlockKind.Table: return Table(block);
                case MarkdownBlockKind.Quote: return Beside("\u258E", Render(block.Blocks));
                case MarkdownBlockKind.Rule: return Literal("\u2015\u2015\u2015\u2015\u2015\u2015", FontStyle.Normal);
                default: return Runs(block.Inlines, FontStyle.Normal);
            }
        }

        // One wrapping row per line: a hard break starts the next row.
        static VisualElement Runs(List<MarkdownInline> inlines, FontStyle style)
        {
            var lines = new VisualElement();
            VisualElement line = WrappingRow();
            lines.Add(line);
            AddRuns(lines, ref line, inlines, style);
            return lines;
        }

        static void AddRuns(VisualElement lines, ref VisualElement line, List<MarkdownInline> inlines, FontStyle style)
        {
            foreach (MarkdownInline run in inlines)
            {
                switch (run.Kind)
                {
                    case MarkdownInlineKind.Emphasis: AddRuns(lines, ref line, run.Inlines, Combined(style, FontStyle.Italic)); break;
                    case MarkdownInlineKind.Strong: AddRuns(lines, ref line, run.Inlines, Combined(style, FontStyle.Bold)); break;
                    case MarkdownInlineKind.Break:
                        line = WrappingRow();
                        lines.Add(line);
                        break;
                    // Links show their target beside the text until the window can open them.
                    case MarkdownInlineKind.Link: AddPieces(line, MarkdownTree.PlainText(run.Inlines) + " <" + run.Target + ">", style); break;
                    default: AddPieces(line, run.Text, style); break;
                }
            }
        }

        static VisualElement Code(MarkdownBlock block)
        {
            VisualElement code = Labels.Classed(new VisualElement(), "uap-code");
            VisualElement header = Labels.Row("uap-code-header");
            header.Add(Literal(block.Language, FontStyle.Italic));
            string text = block.Text;
            header.Add(new Button(() => GUIUtility.systemCopyBuffer = text) { text = PanelStrings.Get("code.copy") });
            code.Add(header);
            foreach (string piece in LabelChunks.Stacked(text))
            {
                Label body = Literal(piece, FontStyle.Normal);
                body.style.whiteSpace = WhiteSpace.NoWrap;
                code.Add(body);
            }
            return code;
        }

        // A run past one label's limit goes into the wrapping row as several labels side by side.
        static void AddPieces(VisualElement line, string text, FontStyle style)
        {
            foreach (string piece in LabelChunks.Split(text))
                line.Add(Literal(piece, style));
        }

        static VisualElement List(MarkdownBlock list)
        {
            var column = new VisualElement();
            long number = list.Start;
            foreach (List<MarkdownBlock> item in list.Items)
                column.Add(Beside(list.Ordered ? (number++) + "." : "\u2022", Render(item)));
            return column;
        }

        // Header cells in bold; the columns' alignment is not rendered yet.
        static VisualElement Table(MarkdownBlock table)
        {
            var column = new VisualElement();
            column.Add(Row(table.Header, FontStyle.Bold));
            foreach (List<List<MarkdownInline>> cells in table.Rows)
                column.Add(Row(cells, FontStyle.Normal));
            return column;
        }

        static VisualElement Row(List<List<MarkdownInline>> cells, FontStyle style)
        {
            VisualElement row = Labels.Row();
            foreach (List<MarkdownInline> cell in cells)
            {
                VisualElement content = Runs(cell, style);
                content.style.flexGrow = 1;
                row.Add(content);
            }
            return row;
        }

        static VisualElement Beside(string marker, VisualElement content)
        {
            VisualElement row = Labels.Row();
            row.Add(Literal(marker, FontStyle.Normal));
            content.style.flexGrow = 1;
            row.Add(content);
            return row;
        }

        static VisualElement WrappingRow()
        {
            VisualElement row = Labels.Row();
            row.style.flexWrap = Wrap.Wrap;
            return row;
        }

        static FontStyle Combined(FontStyle outer, FontStyle added)
        {
            return outer == FontStyle.Normal || outer == added ? added : FontStyle.BoldAndItalic;
        }

        static Label Literal(string text, FontStyle style)
        {
            var label = new Label(text);
            label.enableRichText = false;
            label.parseEscapeSequences = false;
            label.style.whiteSpace = WhiteSpace.Normal;
            if (style != FontStyle.Normal)
                label.style.unityFontStyleAndWeight = style;
            return label;
        }
    }
}
