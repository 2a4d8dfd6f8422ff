# Reads type and member declarations out of C# source text (Unity's C# reference source): enough of
# the language to know each member's name, kind, visibility, static-ness, types and [Obsolete].
import re

MODIFIERS = {"public", "private", "protected", "internal", "static", "extern", "override", "virtual", "abstract",
             "sealed", "new", "unsafe", "readonly", "partial", "const", "event", "async",
             "volatile", "fixed", "required", "file"}
OPERATOR_NAMES = {"implicit": "op_Implicit", "explicit": "op_Explicit", "==": "op_Equality", "!=": "op_Inequality",
                  "+": "op_Addition", "-": "op_Subtraction", "*": "op_Multiply", "/": "op_Division", "<": "op_LessThan",
                  ">": "op_GreaterThan", "<=": "op_LessThanOrEqual", ">=": "op_GreaterThanOrEqual", "!": "op_LogicalNot",
                  "true": "op_True", "false": "op_False"}
TYPE_KEYWORDS = ("class", "struct", "interface", "enum", "record")


def without_comments_and_strings(text):
    """Comments and preprocessor lines become spaces; string and char literals become "\\x01N\\x01"
    placeholders (N indexes the returned list), so braces inside them never count."""
    out, literals, i, n = [], [], 0, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if at_line_start and c in " \t":
            out.append(c); i += 1; continue
        if at_line_start and c == "#":
            end = text.find("\n", i)
            end = n if end < 0 else end
            i = end; continue
        at_line_start = c == "\n"
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end; continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2; out.append(" "); continue
        if c == "'":
            j = i + 1
            while j < n and text[j] != "'":
                j += 2 if text[j] == "\\" else 1
            out.append("' '"); i = j + 1; continue
        verbatim = text.startswith('@"', i) or text.startswith('$@"', i) or text.startswith('@$"', i)
        if c == '"' or (c in "@$" and verbatim) or (c == "$" and text.startswith('$"', i)):
            while text[i] != '"':
                i += 1
            j, value = i + 1, []
            while j < n:
                if verbatim and text.startswith('""', j):
                    value.append('"'); j += 2; continue
                if not verbatim and text[j] == "\\":
                    value.append(text[j + 1] if j + 1 < n else ""); j += 2; continue
                if text[j] == '"':
                    break
                if text[j] == "\n" and not verbatim:
                    break
                value.append(text[j]); j += 1
            literals.append("".join(value))
            out.append("\x01%d\x01" % (len(literals) - 1)); i = j + 1
            continue
        out.append(c); i += 1
    return "".join(out), literals


def matching(text, start, opening, closing):
    """Index of the bracket closing the one at start."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == opening:
            depth += 1
        elif text[index] == closing:
            depth -= 1
            if depth == 0:
                return index
    return len(text) - 1


def items(body):
    """Splits a block's contents into its statements: (header, block or None)."""
    result, start, i, n = [], 0, 0, len(body)
    depth = 0  # parentheses and square brackets
    expression = False  # after a top-level "=" or "=>": runs to ";" whatever the braces
    while i < n:
        c = body[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif depth == 0 and c == "=" and not expression:
            before, after = body[i - 1] if i else "", body[i + 1] if i + 1 < n else ""
            if after == ">" or (before not in "=!<>+-*/%&|^" and after != "="):
                expression = True
        elif c == "{" and (expression or depth > 0):
            i = matching(body, i, "{", "}")
        elif c == "{":
            end = matching(body, i, "{", "}")
            header = body[start:i]
            result.append((header, body[i + 1:end]))
            i = end + 1
            rest = body[i:].lstrip()
            if rest.startswith("="):  # a property initializer: "{ get; } = value;"
                i = body.index(";", i) + 1
            elif rest.startswith(";"):
                i = body.index(";", i) + 1
            start = i
            continue
        elif c == ";" and depth == 0:
            result.append((body[start:i], None))
            start, expression = i + 1, False
        i += 1
    return result


def split_top_level(text, separator=","):
    parts, depth, start = [], 0, 0
    for index, c in enumerate(text):
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        elif c == separator and depth == 0:
            parts.append(text[start:index]); start = index + 1
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


def leading_attributes(header):
    """([attribute texts], rest of the header)."""
    attributes, rest = [], header.strip()
    while rest.startswith("["):
        end = matching(rest, 0, "[", "]")
        attributes.extend(split_top_level(rest[1:end]))
        rest = rest[end + 1:].strip()
    return attributes, rest


def obsolete_of(attributes, literals):
    """None, or {"message", "error"} from an [Obsolete] attribute."""
    for attribute in attributes:
        match = re.match(r"(?:System\.)?Obsolete(?:Attribute)?\s*(?:\((.*)\))?\s*$", attribute, re.S)
        if not match:
            continue
        arguments = split_top_level(match.group(1) or "")
        message = ""
        error = False
        for position, argument in enumerate(arguments):
            argument = re.sub(r"^\w+\s*:\s*", "", argument)
            text = "".join(literals[int(m)] for m in re.findall(r"\x01(\d+)\x01", argument))
            if position == 0:
                message = text
            elif argument.strip() == "true":
                error = True
        return {"message": message, "error": error}
    return None


def words_and_rest(text):
    """Leading modifier words, and what follows them."""
    modifiers = []
    while True:
        match = re.match(r"\s*([a-z]+)\b\s*", text)
        if match and match.group(1) in MODIFIERS:
            modifiers.append(match.group(1)); text = text[match.end():]
        else:
            return modifiers, text.strip()


def visibility_of(modifiers, default):
    if "public" in modifiers:
        return "public"
    if "protected" in modifiers and "internal" in modifiers:
        return "protected internal"
    if "protected" in modifiers and "private" in modifiers:
        return "private protected"
    for word in ("protected", "internal", "private"):
        if word in modifiers:
            return word
    return default


def parameters_of(text):
    parameters = []
    for part in split_top_level(text):
        _, part = leading_attributes(part)
        part = part.split("=")[0].strip()
        words = part.split()
        passing = ""
        while words and words[0] in ("this", "ref", "out", "in", "params", "scoped", "readonly"):
            if words[0] in ("ref", "out", "in"):
                passing = "&"
            words = words[1:]
        type_text = " ".join(words[:-1]) if len(words) > 1 else " ".join(words)
        parameters.append(re.sub(r"\s+", "", type_text) + passing)
    return parameters


def generic_names(text):
    """'<in T, U>' -> ['T', 'U']; None -> []."""
    return [g.strip().split()[-1] for g in text[1:-1].split(",")] if text else []


def accessors_of(block, property_visibility):
    """{"get": visibility, "set": visibility} for a property or indexer body."""
    accessors = {}
    for header, _ in items(block) + [(block, None)]:
        for match in re.finditer(r"(?:^|[\s\]])((?:(?:private|protected|internal|public)\s+)*)(get|set|init|add|remove)\b", header):
            modifiers = match.group(1).split()
            accessors.setdefault(match.group(2), visibility_of(modifiers, property_visibility))
    return accessors


def declaration(header, block, literals, type_name, default_visibility):
    """One member as a dict, or None for what is not a member (a nested type is returned as such)."""
    attributes, rest = leading_attributes(header)
    modifiers, rest = words_and_rest(rest)
    if not rest:
        return None
    obsolete = obsolete_of(attributes, literals)
    visibility = visibility_of(modifiers, default_visibility)
    base = {"visibility": visibility, "static": "static" in modifiers or "const" in modifiers, "obsolete": obsolete}
    kind_match = re.match(r"(class|struct|interface|enum|record)\s+(\w+)\s*(<[^>]*>)?", rest)
    if kind_match:
        return dict(base, member="type", kind=kind_match.group(1), name=kind_match.group(2), header=rest, block=block,
                    modifiers=modifiers, attributes=attributes, generics=generic_names(kind_match.group(3)))
    delegate = re.match(r"delegate\s+(.+?)\s+(\w+)\s*(<[^>]*>)?\s*\(", rest)
    if delegate:
        return dict(base, member="type", kind="delegate", name=delegate.group(2), header=rest, block=None,
                    modifiers=modifiers, attributes=attributes, generics=generic_names(delegate.group(3)))
    operator = re.match(r"(?:(implicit|explicit)\s+operator\s+([^(]+?)|([^(]+?)\s+operator\s*([^\s(]+))\s*\(", rest)
    if operator:
        if operator.group(1):
            name, returns = OPERATOR_NAMES[operator.group(1)], operator.group(2)
        else:
            name, returns = OPERATOR_NAMES.get(operator.group(4), "op_" + operator.group(4)), operator.group(3)
        opening = operator.end() - 1
        return dict(base, member="method", name=name, returns=re.sub(r"\s+", "", returns),
                    parameters=parameters_of(rest[opening + 1:matching(rest, opening, "(", ")")]), generic=[])
    if "event" in modifiers:
        event = re.match(r"(.+?)\s+(\w+)\s*(=.*)?$", rest, re.S)
        if event:
            return dict(base, member="event", name=event.group(2), returns=re.sub(r"\s+", "", event.group(1)),
                        accessors={"add": visibility, "remove": visibility})
    indexer = re.match(r"(.+?)\s+this\s*\[(.*)\]\s*(=>.*)?$", rest, re.S)
    if indexer:
        accessors = accessors_of(block, visibility) if block is not None else {"get": visibility}
        return dict(base, member="property", name="Item", returns=re.sub(r"\s+", "", indexer.group(1)),
                    parameters=parameters_of(indexer.group(2)), accessors=accessors)
    method = re.match(r"(?:([^()]+?)\s+)?([A-Za-z_]\w*)\s*(<[^()]*>)?\s*\((.*?)\)\s*(?:where\b.*|:\s*(?:base|this)\s*\(.*|=>.*)?$",
                      rest, re.S)
    if method and "=" not in rest.split("(")[0]:
        returns, name = method.group(1), method.group(2)
        generic = generic_names(method.group(3))
        if returns is None:
            if name != type_name:
                return None
            name, returns = ".ctor", "void"
            if base["static"]:
                return None
        return dict(base, member="method", name=name, returns=re.sub(r"\s+", "", returns),
                    parameters=parameters_of(method.group(4)), generic=generic)
    if block is not None or re.search(r"=>", rest):
        property_match = re.match(r"(.+?)\s+([A-Za-z_]\w*)\s*(=>.*)?$", rest, re.S)
        if property_match:
            accessors = accessors_of(block, visibility) if block is not None else {"get": visibility}
            return dict(base, member="property", name=property_match.group(2),
                        returns=re.sub(r"\s+", "", property_match.group(1)), accessors=accessors)
        return None
    field = re.match(r"(.+?)\s+([A-Za-z_]\w*)\s*(?:=.*|,.*)?$", rest, re.S)
    if field:
        names = [field.group(2)] + re.findall(r",\s*([A-Za-z_]\w*)", rest[field.end(2):].split("=")[0])
        return dict(base, member="field", name=names[0], names=names, returns=re.sub(r"\s+", "", field.group(1)))
    return None


def enum_values(block, literals):
    """{name: value text} of an enum body, counting implicit values on from the last explicit one."""
    values, next_value = {}, 0
    for part in split_top_level(block):
        _, part = leading_attributes(part)
        name, _, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not name:
            continue
        if value:
            try:
                next_value = int(eval(re.sub(r"\b(\w+)\b", lambda m: str(values.get(m.group(1), m.group(1))), value),
                                      {"__builtins__": {}}))
            except Exception:
                values[name] = value
                continue
        values[name] = next_value
        next_value += 1
    return values


def types_in(text):
    """Every type declared in a file: {full name: [parts]} where a part holds the header, modifiers,
    members and the file's using aliases (a partial type has one part per declaration)."""
    clean, literals = without_comments_and_strings(text)
    aliases = dict(re.findall(r"^\s*using\s+(\w+)\s*=\s*([\w.]+(?:<[^;]*>)?)\s*;", clean, re.M))
    usings = re.findall(r"^\s*using\s+([\w.]+)\s*;", clean, re.M)
    found = {}

    def walk(body, namespace, outer):
        for header, block in items(body):
            attributes, rest = leading_attributes(header)
            namespace_match = re.match(r"namespace\s+([\w.]+)\s*$", rest)
            if namespace_match and block is not None:
                walk(block, (namespace + "." if namespace else "") + namespace_match.group(1), None)
                continue
            if block is None and "delegate " not in rest:
                continue
            member = declaration(header, block, literals, "", "internal" if outer is None else "private")
            if member and member["member"] == "type":
                arity = "`%d" % len(member["generics"]) if member["generics"] else ""
                full = (outer + "/" if outer else (namespace + "." if namespace else "")) + member["name"] + arity
                part = {"kind": member["kind"], "visibility": member["visibility"], "obsolete": member["obsolete"],
                        "modifiers": member["modifiers"], "header": member["header"], "aliases": aliases,
                        "usings": usings, "literals": literals, "block": member["block"], "namespace": namespace,
                        "generics": member["generics"]}
                found.setdefault(full, []).append(part)
                if member["block"] is not None and member["kind"] != "enum":
                    walk(member["block"], namespace, full)

    walk(clean, "", None)
    return found


def members_of(part, type_name):
    """The members one declaration part of a type declares."""
    simple = type_name.split("/")[-1].split(".")[-1].split("`")[0]
    default = "public" if part["kind"] == "interface" else "private"
    result = []
    if part["block"] is None:
        return result
    if part["kind"] == "enum":
        for name, value in enum_values(part["block"], part["literals"]).items():
            result.append({"member": "field", "name": name, "names": [name], "visibility": "public", "static": True,
                           "obsolete": None, "returns": simple, "value": value})
        return result
    for header, block in items(part["block"]):
        member = declaration(header, block, part["literals"], simple, default)
        if member and member["member"] != "type":
            result.append(member)
    return result


def bases_of(part):
    """The base list of a type declaration's header (after ':')."""
    header = re.sub(r"\bwhere\b.*$", "", part["header"], flags=re.S)
    match = re.match(r"\w+\s+\w+\s*(<[^>]*>)?\s*(\(.*?\))?\s*:\s*(.+)$", header, re.S)
    return split_top_level(match.group(3)) if match else []
