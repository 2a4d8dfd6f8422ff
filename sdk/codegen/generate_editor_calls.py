#!/usr/bin/env python3
# Generates the SDK's typed editor calls (<uap/sdk/editor_calls.hpp>) and their reference
# (docs/editor-calls.md) from protocol/bridge-v1.json; standard library only. See docs/module-abi.md.
import argparse
import json
import keyword
import pathlib
import re
import sys

CPP_KEYWORDS = {
    "alignas", "alignof", "and", "asm", "auto", "bool", "break", "case", "catch", "char", "class", "const",
    "constexpr", "continue", "default", "delete", "do", "double", "else", "enum", "explicit", "export", "extern",
    "false", "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new",
    "noexcept", "not", "nullptr", "operator", "or", "private", "protected", "public", "register", "return",
    "short", "signed", "sizeof", "static", "struct", "switch", "template", "this", "throw", "true", "try",
    "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "while", "json",
}


def camel(words):
    """hierarchy.subtree -> HierarchySubtree; importSettings -> ImportSettings."""
    parts = re.split(r"[._]", words)
    return "".join(part[:1].upper() + part[1:] for part in parts if part)


def snake(words):
    """asset.importSettings.get -> asset_import_settings_get."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", words)
    return re.sub(r"[.]", "_", spaced).lower()


def member_name(name):
    return name + "_" if name in CPP_KEYWORDS or keyword.iskeyword(name) else name


class Generator:
    """Maps the schemas to C++: one struct per object schema with properties, std::optional for what
    is not required, JsonValue for what has no C++ shape (no properties, any type, a type list)."""

    def __init__(self, protocol):
        self.protocol = protocol
        self.structs = []  # (name, schema, description) in dependency order
        self.struct_names = {}  # id(schema) -> name
        self.roles = {}  # struct name -> {"write", "read"}: params are written, results read
        self.kept = []  # keeps merged schemas alive so that their ids stay unique

    def resolve(self, schema):
        while isinstance(schema, dict) and "$ref" in schema:
            node = self.protocol
            for part in schema["$ref"].lstrip("#/").split("/"):
                node = node[part]
            merged = dict(node)
            merged.update({key: value for key, value in schema.items() if key != "$ref"})
            self.kept.append(merged)
            schema = merged if len(schema) > 1 else node
        return schema

    def struct_for(self, schema, name, role):
        key = id(schema)
        if key not in self.struct_names:
            if name in self.struct_names.values():
                raise SystemExit("two schemas would both become struct %s" % name)
            self.struct_names[key] = name
            fields = self.fields(schema, name, role)
            self.structs.append((name, fields, schema.get("description", "")))
        name = self.struct_names[key]
        if role not in self.roles.setdefault(name, set()):
            self.roles[name].add(role)
            self.fields(schema, name, role)  # Its nested structs take the new role too.
        return name

    def cpp_type(self, schema, name_hint, role):
        original = schema
        schema = self.resolve(schema)
        if "$ref" in original and len(original) == 1:
            name_hint = camel(original["$ref"].split("/")[-1])
        kind = schema.get("type")
        if "enum" in schema and all(isinstance(value, str) for value in schema["enum"]):
            return "std::string"
        if kind == "string":
            return "std::string"
        if kind == "integer":
            return "int64_t"
        if kind == "number":
            return "double"
        if kind == "boolean":
            return "bool"
        if kind == "array" and isinstance(schema.get("items"), dict):
            return "std::vector<%s>" % self.cpp_type(schema["items"], name_hint + "Item", role)
        if kind == "object" and schema.get("properties"):
            return self.struct_for(schema, name_hint, role)
        return "JsonValue"

    def fields(self, schema, struct_name, role):
        required = schema.get("required", [])
        fields = []
        for name, property_schema in schema.get("properties", {}).items():
            cpp = self.cpp_type(property_schema, struct_name + camel(name), role)
            fields.append({"name": name, "member": member_name(name), "type": cpp, "required": name in required,
                           "schema": self.resolve(property_schema)})
        # Required names without a schema of their own still must be present: read them as JsonValue.
        for name in required:
            if name not in schema.get("properties", {}):
                fields.append({"name": name, "member": member_name(name), "type": "JsonValue", "required": True,
                               "schema": {}})
        return fields

    def methods(self):
        found = []
        for group in ("methods", "hostMethods"):
            for method, description in self.protocol[group].items():
                if method.startswith("$"):
                    continue
                base = camel(method)
                params = self.resolve(description.get("params", {"type": "object"}))
                result = self.resolve(description.get("result", {"type": "object"}))
                params_fields = self.fields(params, base + "Params", "write")
                result_fields = self.fields(result, base + "Result", "read")
                self.roles[base + "Params"] = {"write"}
                self.roles[base + "Result"] = {"read"}
                self.structs.append((base + "Params", params_fields, ""))
                self.structs.append((base + "Result", result_fields + [{"name": None, "member": "json", "type": "JsonValue",
                                                                         "required": True, "schema": {}}], ""))
                found.append({"method": method, "function": snake(method), "base": base, "description": description,
                              "params": params_fields, "result": result_fields, "group": group})
        return found


def declared_type(field):
    return field["type"] if field["required"] else "std::optional<%s>" % field["type"]


def header(generator, methods):
    lines = [
        "// Generated by sdk/codegen/generate_editor_calls.py from protocol/bridge-v1.json: do not edit.",
        "// Typed request and result structs, and one function per editor primitive (docs/editor-calls.md).",
        "#pragma once",
        "",
        "#include <uap/sdk/editor.hpp>",
        "",
        "namespace uap::sdk::editor {",
        "",
    ]
    for name, fields, description in generator.structs:
        if description:
            lines.append("// " + description.split(". ")[0].rstrip(".") + ".")
        lines.append("struct %s {" % name)
        for field in fields:
            if field["name"] is None:
                lines.append("    JsonValue json{}; // The whole answer as received.")
            else:
                # Every member has an initializer so that designated initializers may leave any out.
                lines.append("    %s %s{};" % (declared_type(field), field["member"]))
        lines.append("};")
        lines.append("")
    # Writers and readers for every struct, found by argument-dependent lookup from editor_detail.
    for name, fields, _ in generator.structs:
        if "write" in generator.roles[name]:
            parameter = "value" if fields else "/*value*/"
            lines.append("inline void write(JsonBuilder& builder, const %s& %s) {" % (name, parameter))
            lines.append("    builder.begin_object();")
            for field in fields:
                lines.append('    editor_detail::write_member(builder, "%s", value.%s);' % (field["name"], field["member"]))
            lines.append("    builder.end_object();")
            lines.append("}")
        if "read" not in generator.roles[name]:
            lines.append("")
            continue
        lines.append("inline bool read(const rapidjson::Value& json, %s& out, std::string& problem) {" % name)
        readable = [field for field in fields if field["name"] is not None]
        lines.append("    if (!json.IsObject())")
        lines.append("        return false;")
        if readable:
            lines.append("    return " + "\n        && ".join(
                'editor_detail::read_member(json, "%s", out.%s, problem)' % (field["name"], field["member"]) for field in readable) + ";")
        else:
            lines.append("    (void)out;")
            lines.append("    (void)problem;")
            lines.append("    return true;")
        lines.append("}")
        lines.append("")
    for method in methods:
        summary = method["description"].get("description", "").split(". ")[0].rstrip(".")
        if summary:
            lines.append("// %s: %s." % (method["method"], summary))
        lines.append("inline EditorResult<{0}Result> {1}(const EditorClient& editor, const {0}Params& params = {{}}) {{".format(
            method["base"], method["function"]))
        lines.append('    return editor_detail::call<{0}Result>(editor, "{1}", params);'.format(method["base"], method["method"]))
        lines.append("}")
        lines.append("")
    lines.append("} // namespace uap::sdk::editor")
    return "\n".join(lines) + "\n"


def schema_summary(schema):
    if "enum" in schema:
        return "one of " + ", ".join("`%s`" % value for value in schema["enum"])
    kind = schema.get("type", "any JSON value")
    if isinstance(kind, list):
        kind = " or ".join(kind)
    bounds = []
    for key in ("minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems"):
        if key in schema:
            bounds.append("%s %s" % (key, schema[key]))
    text = kind + (" (" + ", ".join(bounds) + ")" if bounds else "")
    if schema.get("description"):
        text += ": " + schema["description"]
    return text


def example_value(field, generator):
    schema = field["schema"]
    if "enum" in schema:
        return json.dumps(schema["enum"][0])
    kind = schema.get("type")
    if kind == "string":
        return '"Main Camera"' if field["name"] in ("name", "scenePath") else '"text"'
    if kind == "integer":
        return str(max(schema.get("minimum", 1), 1))
    if kind == "number":
        return "1.5"
    if kind == "boolean":
        return "true"
    if field["type"] == "ObjectRef":
        return 'uap::sdk::editor::ObjectRef{.scenePath = "Main Camera"}'
    return None


def docs(generator, methods, errors):
    lines = [
        "# Editor calls for C++ pack authors (generated)",
        "",
        "Generated by `sdk/codegen/generate_editor_calls.py` from `protocol/bridge-v1.json`; do not edit.",
        "Refresh with `python3 sdk/codegen/generate_editor_calls.py --docs docs/editor-calls.md`.",
        "",
        "Each primitive is a function in `uap::sdk::editor` (include `<uap/sdk/editor_calls.hpp>`) taking an",
        "`EditorClient` and its params struct, answering `EditorResult<...Result>`: the typed result, or the",
        "`EditorError` (code and message) the editor or host answered. Members carry the protocol's names",
        "(a C++ keyword gains a trailing `_`); what is not required is a `std::optional`; what the schema",
        "leaves open is a `JsonValue`. Every result also keeps the whole answer in `json`. How the types",
        "are mapped, and why, is in docs/module-abi.md (Typed editor calls).",
        "",
        "Errors every call can answer (besides `invalid_params` when the SDK could not write the params",
        "and `invalid_result` when the answer did not have the result's shape):",
        "",
    ]
    for code, meaning in errors.items():
        lines.append("- `%s`: %s" % (code, meaning))
    lines.append("")
    lines.append("## Shared types")
    lines.append("")
    own = {method["base"] + suffix for method in methods for suffix in ("Params", "Result")}
    for name, fields, description in generator.structs:
        if name in own:
            continue
        lines.append("`%s`%s" % (name, ": " + description if description else ""))
        lines.append("")
        for field in fields:
            lines.append("- `%s` (`%s`%s): %s" % (field["name"], declared_type(field).replace("std::", ""),
                                                  ", required" if field["required"] else "", schema_summary(field["schema"])))
        lines.append("")
    for method in methods:
        description = method["description"]
        lines.append("## `%s` — `editor::%s`" % (method["method"], method["function"]))
        lines.append("")
        if description.get("description"):
            lines.append(description["description"])
            lines.append("")
        traits = []
        if method["group"] == "hostMethods":
            traits.append("answered by the host itself")
        if "write" in description:
            traits.append("writes" if description["write"] else "read-only")
        if description.get("offMainThread"):
            traits.append("answered off the main thread")
        if traits:
            lines.append("*" + "; ".join(traits).capitalize() + ".*")
            lines.append("")
        for title, fields, struct in (("Arguments", method["params"], method["base"] + "Params"),
                                      ("Result", method["result"], method["base"] + "Result")):
            lines.append("%s (`%s`):" % (title, struct))
            lines.append("")
            if not fields:
                lines.append("- none" if title == "Arguments" else "- open-ended: read `json`")
            for field in fields:
                lines.append("- `%s` (`%s`%s): %s" % (field["name"], declared_type(field).replace("std::", ""),
                                                      ", required" if field["required"] else "",
                                                      schema_summary(field["schema"])))
            lines.append("")
        assignments = []
        for field in method["params"]:
            value = example_value(field, generator)
            if value is not None and (field["required"] or len(assignments) < 1):
                assignments.append("params.%s = %s;" % (field["member"], value))
        lines.append("```cpp")
        lines.append("uap::sdk::editor::%sParams params;" % method["base"])
        lines.extend(assignments)
        lines.append("auto answer = uap::sdk::editor::%s(uap::sdk::EditorClient(context), params);" % method["function"])
        lines.append("if (!answer)")
        lines.append('    return ToolResult::failure("%s: " + answer.error().describe());' % method["method"])
        lines.append("```")
        lines.append("")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--protocol", default=str(pathlib.Path(__file__).resolve().parents[2] / "protocol" / "bridge-v1.json"))
    parser.add_argument("--header", help="write the C++ header here")
    parser.add_argument("--docs", help="write the Markdown reference here")
    parser.add_argument("--check-docs", help="fail when this Markdown reference differs from what would be generated")
    arguments = parser.parse_args()
    protocol = json.loads(pathlib.Path(arguments.protocol).read_text(encoding="utf-8"))
    generator = Generator(protocol)
    methods = generator.methods()
    errors = protocol["errors"]
    outputs = {}
    if arguments.header:
        outputs[arguments.header] = header(generator, methods)
    if arguments.docs:
        outputs[arguments.docs] = docs(generator, methods, errors)
    for path, text in outputs.items():
        target = pathlib.Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        # Rewriting an unchanged header would rebuild every pack for nothing.
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
    if arguments.check_docs:
        current = pathlib.Path(arguments.check_docs).read_text(encoding="utf-8")
        if current != docs(generator, methods, errors):
            print("%s is stale: run python3 sdk/codegen/generate_editor_calls.py --docs %s" % (
                arguments.check_docs, arguments.check_docs), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
