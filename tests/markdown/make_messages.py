# Writes fixtures/messages.json's inputs (names and texts) once; the expected trees are added by
# write_expected.py after each was checked by eye. Kept so the long messages can be read as code.
import json, pathlib

messages = [
    ("plain paragraph", "Hello from the agent. The scene has **3** cameras."),
    ("headings", "# One\n## Two\n### Three\n#### Four\n##### Five\n###### Six\n####### Seven is text\n\nSetext\n======\n\nSecond\n------"),
    ("nested lists", "- fruit\n  - apple\n    - green\n    - red\n  - pear\n- vegetables\n  1. carrot\n  2. leek\n- done"),
    ("ordered list start", "7. seventh\n8. eighth\n9. ninth"),
    ("loose list", "- first paragraph\n\n  second paragraph of the same item\n\n- next item"),
    ("table with alignment", "| Name | Count | Note |\n|:-----|------:|:----:|\n| Cube | 3 | *moved* |\n| Light | 1 | `on` |"),
    ("table with pipes in code", "| Pattern | Meaning |\n|---|---|\n| `a \\| b` | either |\n| `x|y` | split |\n| a \\| b | escaped |"),
    ("generic type", "Use `List<int>` or List<int> and Dictionary<string, GameObject> here."),
    ("unity rich text", "<color=red>Warning</color> and <b>bold</b> and <size=40>big</size>"),
    ("raw script", "<script>window.__pwned = 1</script>\n\nafter the script"),
    ("raw html block", "<div onclick=\"window.__pwned=2\">\n<img src=x onerror=\"window.__pwned=3\">\n</div>"),
    ("html comment", "before <!-- hidden comment --> after\n\n<!--\nblock comment\n-->"),
    ("unsafe link schemes", "[js](javascript:window.__pwned=4) [data](data:text/html,<b>x</b>) [file](file:///etc/passwd) [vb](vbscript:msgbox) [JS upper](JAVASCRIPT:alert(1))"),
    ("autolinks", "<https://example.com/a?b=1&c=2> <javascript:alert(1)> <someone@example.com> bare https://example.org/path and www.example.net"),
    ("safe links", "[docs](https://docs.unity3d.com/Manual/index.html \"Manual\") [mail](mailto:dev@example.com) [http](http://example.com)"),
    ("asset links", "[Player](Assets/Scripts/Player.cs) [pkg](Packages/com.unity.inputsystem/package.json) [escape](Assets/../ProjectSettings/secret.asset) [win](Assets\\Scripts\\A.cs) [relative](Scripts/A.cs) [anchor](#top)"),
    ("ten thousand character word", "start " + "x" * 10000 + " end"),
    ("five thousand line code block", "```csharp\n" + "".join(f"x{n};\n" for n in range(5000)) + "```"),
    ("crlf line endings", "# Title\r\n\r\nline one\r\nline two\r\n\r\n- a\r\n- b\r\n\r\n```\r\ncode\r\n```\r\n"),
    ("japanese", "## 日本語の見出し\n\nこれは**太字**と*斜体*を含む文です。`GameObject`を選択してください。\n\n- 項目一\n- 項目二"),
    ("emphasis edge cases", "*a **b** c* snake_case_word 2*3*4 ***both*** _under_ __strong__ * not * **unclosed"),
    ("intraword emphasis", "foo*bar*baz foo_bar_baz **a**b a**b**"),
    ("unterminated fence", "text before\n\n```python\nprint('never closed')\n\n# still code"),
    ("fence with backticks inside", "````md\n```\ninner fence\n```\n````"),
    ("quote with list and code", "> A quote\n> - item\n> - item 2\n>\n> ```\n> quoted code\n> ```"),
    ("rules", "above\n\n---\n\n***\n\n___\n\nbelow"),
    ("hard line breaks", "two spaces  \nbackslash\\\nsoft\nbreak"),
    ("entities", "&amp; &lt;b&gt; &#x1F600; &#65; &copy; &bogus; &#0; &nbsp;end"),
    ("images", "![alt text](https://example.com/a.png) ![evil](javascript:alert(1)) ![](Assets/Textures/a.png)"),
    ("inline code with backticks", "`` `a` `` and ``code with ` tick`` and `unclosed"),
    ("deep quote nesting", ">" * 40 + " deep"),
    ("deep list nesting", "".join("  " * depth + "- level " + str(depth) + "\n" for depth in range(30))),
    ("strikethrough and task list stay literal", "~~gone~~ and\n\n- [ ] task\n- [x] done"),
    ("reference links", "See [the manual][manual] and [bad][evil].\n\n[manual]: https://docs.unity3d.com/Manual\n[evil]: javascript:alert(1)"),
    ("empty message", ""),
    ("only whitespace", "   \n\n\t\n"),
    ("emoji and bidi", "Done ✅ \u202egnp.exe\u202c zero\u200bwidth 🎮"),
    ("nul character", "before\u0000after"),
    ("indented code block", "Paragraph\n\n    indented code\n    second line\n\nafter"),
    ("table with short delimiter row stays text", "a | b\n--|--\n1\n"),
    ("table ragged rows", "a | b\n---|---\n1\n2 | 3 | 4\n"),
    ("link text with markup", "[**bold** `code` link](https://example.com) [*x*](javascript:y)"),
    ("md4c unbalanced emphasis", "[](_)_ and [x](_a)_b_"),
    ("unfinished link at the end", "See [the docs]("),
    ("escaped markup", "\\*not emphasis\\* \\# not heading \\[not link\\](x) \\<b\\>"),
]

out = {
    "about": [
        "Tricky assistant messages and the Markdown tree the host sends for each (docs/panel-protocol.md).",
        "Inputs were written by hand (tests/markdown/make_messages.py); each tree was first printed by",
        "markdown_dump and checked by eye, then written here by tests/markdown/write_expected.py.",
        "Regenerate only after checking a changed tree by eye.",
    ],
    "messages": [{"name": name, "text": text} for name, text in messages],
}
path = pathlib.Path(__file__).parent / "fixtures" / "messages.json"
previous = json.loads(path.read_text()) if path.exists() else {"messages": []}
expected = {m["name"]: m["expected"] for m in previous["messages"] if "expected" in m}
for message in out["messages"]:
    if message["name"] in expected:
        message["expected"] = expected[message["name"]]
path.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
print(len(messages), "messages")
