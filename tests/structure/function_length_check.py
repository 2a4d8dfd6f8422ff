#!/usr/bin/env python3
"""Fails when a function of product code is longer than the limit and not on the allow-list.

Usage: function_length_check.py SOURCE_ROOT ALLOWED [--limit N] [FILE...]

A function's length is the number of lines from its opening brace to its closing brace, both
included; lambdas and local classes count toward the function that holds them. The reader is a
small brace matcher, not a compiler: comments, string and character literals (raw strings too)
and preprocessor lines are blanked first, then each brace outside a function is classified by the
text that precedes it (a parameter list closes before a function body; `class`, `struct`,
`namespace` and initialisers are not functions). ALLOWED lists today's long functions as
`path: qualified name`, to be paid down; a new one fails, and an allowed one that got short is
reported so that the list shrinks.
"""
import pathlib
import re
import sys

FOLDERS = ("base", "host/src", "tools", "protocol", "sdk", "modules")
SUFFIXES = {".cpp", ".hpp", ".h", ".inl"}
DEFAULT_LIMIT = 80

RAW_STRING = re.compile(r'R"([^()\\ ]{0,16})\(')
TRAILING_QUALIFIERS = re.compile(r"(\s*(const|noexcept(\s*\([^()]*\))?|override|final|mutable|&&|&|volatile))+\s*$")
TRAILING_RETURN = re.compile(r"\)\s*(const\s*)?(noexcept\s*)?(mutable\s*)?->[^;{}()]*(\([^()]*\)[^;{}()]*)*$")
CONSTRUCTOR_INITIALISERS = re.compile(r"\)\s*(noexcept\s*)?:\s*[\w:<>]")
TYPE_KEYWORD = re.compile(r"\b(class|struct|union|enum|namespace)\b")


def blank_literals(text: str) -> str:
    """Replaces comments, literals and preprocessor lines by spaces, keeping every newline."""
    out = []
    index, length = 0, len(text)
    at_line_start = True
    while index < length:
        char = text[index]
        if at_line_start and char == "#":
            # A preprocessor line, with its continuations.
            while index < length and not (text[index] == "\n" and text[index - 1] != "\\"):
                out.append("\n" if text[index] == "\n" else " ")
                index += 1
            continue
        if char == "\n":
            at_line_start = True
            out.append(char)
            index += 1
            continue
        if not char.isspace():
            at_line_start = False
        if text.startswith("//", index):
            end = text.find("\n", index)
            end = length if end < 0 else end
            out.append(" " * (end - index))
            index = end
            continue
        if text.startswith("/*", index):
            end = text.find("*/", index + 2)
            end = length if end < 0 else end + 2
            out.append("".join("\n" if c == "\n" else " " for c in text[index:end]))
            index = end
            continue
        raw = RAW_STRING.match(text, index)
        if raw and (index == 0 or not (text[index - 1].isalnum() or text[index - 1] == "_")):
            closing = ")" + raw.group(1) + '"'
            end = text.find(closing, raw.end())
            end = length if end < 0 else end + len(closing)
            out.append('""' + "".join("\n" if c == "\n" else " " for c in text[index + 2:end]))
            index = end
            continue
        if char in "\"'":
            # A digit separator (1'000) is not a character literal.
            if char == "'" and index > 0 and text[index - 1].isalnum() and index + 1 < length and text[index + 1].isalnum():
                out.append(" ")
                index += 1
                continue
            end = index + 1
            while end < length and text[end] != char and text[end] != "\n":
                end += 2 if text[end] == "\\" else 1
            end = min(end + 1, length)
            out.append(char + " " * (end - index - 2) + char if end - index >= 2 else char)
            index = end
            continue
        out.append(char)
        index += 1
    return "".join(out)


def is_function_head(head: str) -> bool:
    """Whether the text before a brace outside any function opens a function body."""
    head = head.strip()
    if not head or head.endswith("=") or head.endswith(",") or head.endswith("return"):
        return False
    if TYPE_KEYWORD.search(head.split("(", 1)[0]):
        return False
    if CONSTRUCTOR_INITIALISERS.search(head):
        return True
    head = TRAILING_RETURN.sub(")", head)
    head = TRAILING_QUALIFIERS.sub("", head)
    return head.endswith(")")


def function_name(head: str) -> str:
    """The qualified name before the parameter list, e.g. `HostApplication::start`."""
    head = " ".join(head.split())
    depth, cut = 0, None
    for position, char in enumerate(head):
        if char == "<":
            depth += 1
        elif char == ">":
            depth = max(depth - 1, 0)
        elif char == "(" and depth == 0:
            cut = position
            break
    before = head[:cut] if cut is not None else head
    if before.rstrip().endswith("operator"):
        before = before.rstrip() + "()"
    match = re.search(r"([~\w:]+(\s*operator\s*\S+)?)\s*$", before)
    if match:
        return match.group(1).replace(" ", "")
    return "(lambda)" if before.rstrip().endswith("]") else before.strip()[-40:]


def long_functions(text: str, limit: int):
    """Yields (name, first line, length) of each function longer than limit."""
    code = blank_literals(text)
    # Each entry: (kind, line of the brace, head) with kind "scope", "function" or "data".
    stack = []
    head_start = 0
    line = 1
    inside_function = 0
    for index, char in enumerate(code):
        if char == "\n":
            line += 1
            continue
        if inside_function:
            if char == "{":
                stack.append(("inner", line, ""))
            elif char == "}":
                kind, opened, head = stack.pop()
                if kind == "function":
                    inside_function -= 1
                    if line - opened + 1 > limit:
                        yield function_name(head), opened, line - opened + 1
                    head_start = index + 1
            continue
        if char in ";":
            head_start = index + 1
        elif char == "{":
            head = code[head_start:index]
            inside_parentheses = head.count("(") > head.count(")")
            if inside_parentheses or (CONSTRUCTOR_INITIALISERS.search(head) and re.search(r"[\w>]\s*$", head)):
                # An argument (a lambda passed along, a braced value) or a member initialised with
                # braces in a constructor's initialiser list: part of the declaration it is in.
                stack.append(("initialiser", line, head))
                continue
            if is_function_head(head):
                stack.append(("function", line, head))
                inside_function += 1
            elif TYPE_KEYWORD.search(head) or "extern" in head:
                stack.append(("scope", line, head))
                head_start = index + 1
            else:
                # An initialiser, also a default argument's `= {}`: part of the declaration it is in.
                stack.append(("initialiser", line, head))
        elif char == "}":
            if not stack:
                continue
            kind, _, head = stack.pop()
            if kind != "initialiser":
                head_start = index + 1


def main() -> int:
    arguments = sys.argv[1:]
    limit = DEFAULT_LIMIT
    if "--limit" in arguments:
        at = arguments.index("--limit")
        limit = int(arguments[at + 1])
        del arguments[at:at + 2]
    root = pathlib.Path(arguments[0])
    allowed_file = pathlib.Path(arguments[1])
    allowed = {line.split("#", 1)[0].strip() for line in allowed_file.read_text(encoding="utf-8").splitlines()}
    allowed.discard("")
    given = [pathlib.Path(name) for name in arguments[2:]]
    files = given or [path for folder in FOLDERS for path in sorted((root / folder).rglob("*"))
                      if path.suffix in SUFFIXES and "/tests/" not in path.relative_to(root).as_posix()]
    if not given and len(files) < 200:
        print(f"only {len(files)} source files under {root}: the check is not looking at the project")
        return 2
    found, refused = set(), []
    for path in files:
        relative = path.relative_to(root).as_posix() if not given else path.as_posix()
        for name, first_line, length in long_functions(path.read_text(encoding="utf-8", errors="replace"), limit):
            key = f"{relative}: {name}"
            found.add(key)
            if key not in allowed:
                refused.append(f"{relative}:{first_line}: `{name}` is {length} lines (the limit is {limit})")
    stale = sorted(allowed - found)
    for key in stale:
        if not given:
            print(f"'{key}' is no longer over {limit} lines; remove it from {allowed_file}")
    if refused:
        print(f"functions over {limit} lines: split each into named steps (docs/architecture.md, \"Small functions\")")
        print("\n".join(refused))
        return 1
    if stale and not given:
        return 1
    print(f"no function over {limit} lines in {len(files)} files (apart from {len(found)} listed ones)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
