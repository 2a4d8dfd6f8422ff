# What a compiled assembly uses from Unity, read with monodis (Debian's mono-utils): its member and
# type references, and (for the stubs) the constructors each type declares. Types come back in one
# canonical spelling shared with csharp_types.py, so both sides compare as plain strings.
import os
import re
import subprocess

from csharp_declarations import split_top_level

UNITY_ASSEMBLIES = ("UnityEngine", "UnityEditor")
IL_PRIMITIVES = {"int32": "int", "uint32": "uint", "int64": "long", "uint64": "ulong", "int16": "short",
                 "uint16": "ushort", "int8": "sbyte", "uint8": "byte", "float32": "float", "float64": "double",
                 "bool": "bool", "char": "char", "string": "string", "object": "object", "void": "void",
                 "native int": "IntPtr", "native unsigned int": "UIntPtr", "unsigned int8": "byte",
                 "unsigned int16": "ushort", "unsigned int32": "uint", "unsigned int64": "ulong"}
SYSTEM_NAMES = {"System.Object": "object", "System.String": "string", "System.Int32": "int", "System.Boolean": "bool",
                "System.Single": "float", "System.Double": "double", "System.Int64": "long", "System.Void": "void"}


def monodis(option, assembly, search_path):
    environment = dict(os.environ, MONO_PATH=os.pathsep.join(search_path))
    arguments = ["monodis"] + ([option] if option else []) + [assembly]
    result = subprocess.run(arguments, capture_output=True, text=True, env=environment, check=True)
    if "BROKEN CLASS" in result.stdout:
        raise RuntimeError(f"monodis could not resolve every type of {assembly}; search path: {search_path}")
    return result.stdout


def canonical_il_type(text):
    """'class [UnityEngine]UnityEngine.UIElements.StyleEnum`1<valuetype [X]X.Y>' -> 'StyleEnum<Y>'."""
    text = re.sub(r"^(\[(in|out|opt)\]\s*)+", "", text.strip())
    suffix = ""
    while True:
        if text.endswith("[]"):
            suffix = "[]" + suffix; text = text[:-2].strip()
        elif text.endswith("&"):
            suffix = "&" + suffix; text = text[:-1].strip()
        elif text.endswith("*"):
            suffix = "*" + suffix; text = text[:-1].strip()
        else:
            break
    text = re.sub(r"^(class|valuetype)\s+", "", text)
    text = re.sub(r"^\[[^\]]*\]", "", text)
    if text in IL_PRIMITIVES:
        return IL_PRIMITIVES[text] + suffix
    if re.fullmatch(r"!!?\d+", text):
        return text + suffix
    arguments = ""
    if text.endswith(">"):
        opening = text.index("<")
        arguments = "<" + ",".join(canonical_il_type(a) for a in split_top_level(text[opening + 1:-1])) + ">"
        text = text[:opening]
    if text in SYSTEM_NAMES:
        return SYSTEM_NAMES[text] + suffix
    simple = re.split(r"[./]", text)[-1]
    simple = re.sub(r"`\d+$", "", simple)
    return simple + arguments + suffix


def signature_parts(signature):
    """(instance, return type, [parameter types] or None for a field) in canonical spelling."""
    signature = signature.strip()
    instance = signature.startswith("instance ")
    if instance:
        signature = signature[len("instance "):]
    depth = 0
    for index, c in enumerate(signature):
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c == "(" and depth == 0:
            parameters = split_top_level(signature[index + 1:signature.rindex(")")])
            return instance, canonical_il_type(signature[:index]), [canonical_il_type(p) for p in parameters]
    return instance, canonical_il_type(signature), None


def declaring_type(resolved, name):
    """'[UnityEngine]UnityEngine.Object.get_name' -> ('UnityEngine', 'UnityEngine.Object')."""
    text = resolved[:-(len(name) + 1)]
    text = re.sub(r"^(class|valuetype)\s+", "", text)
    match = re.match(r"\[([^\]]+)\](.*)$", text)
    if not match:
        return None, None
    type_name = match.group(2)
    if type_name.endswith(">"):
        type_name = type_name[:type_name.index("<")]
    return match.group(1), type_name


def member_references(assembly, search_path, assemblies=UNITY_ASSEMBLIES):
    """Every reference to a member of a Unity assembly (or of the named ones): dicts with type, name,
    instance, returns, parameters."""
    text = monodis("--memberref", assembly, search_path)
    references = []
    for match in re.finditer(r"^\d+: \S+ (\S+)\n\s*Resolved: (.*)\n\s*Signature: (.*)$", text, re.M):
        name, resolved, signature = match.groups()
        unity_assembly, type_name = declaring_type(resolved, name)
        if unity_assembly not in assemblies:
            continue
        instance, returns, parameters = signature_parts(signature)
        references.append({"type": type_name, "name": name, "instance": instance, "returns": returns,
                           "parameters": parameters, "signature": signature.strip()})
    return references


def type_references(assembly, search_path, assemblies=UNITY_ASSEMBLIES):
    """Every Unity type (or type of the named assemblies) the assembly names, as 'Namespace.Name' or
    'Namespace.Outer/Inner' with `N arity."""
    text = monodis("--typeref", assembly, search_path)
    return [match.group(2) for match in re.finditer(r"^\d+: \[([^\]]+)\](\S+)$", text, re.M)
            if match.group(1) in assemblies]


def declared_constructors(assembly, search_path):
    """{type: [(visibility, [parameter types])]} for the public and protected constructors an assembly declares."""
    text = monodis("", assembly, search_path)
    found, namespace, classes, method = {}, "", [], None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(".namespace "):
            namespace = stripped.split()[1]
        elif stripped.startswith(".class "):
            # A generic class line ends in its parameters with their constraints: "Name`1<(...) T>".
            generic = re.search(r"(\S+`\d+)<", stripped)
            name = generic.group(1) if generic else stripped.split()[-1]
            outer = classes[-1] + "/" if classes else (namespace + "." if namespace else "")
            classes.append(outer + name)
        elif stripped.startswith("} // end of class"):
            classes.pop()
        elif stripped.startswith(".method "):
            method = stripped
        elif method is not None:
            method += " " + stripped
        if method is not None and ")" in method and ("managed" in method or stripped.startswith("{")):
            if "'.ctor'" in method and classes:
                words = method.split()
                visibility = next((w for w in words if w in ("public", "family", "famorassem", "assembly", "private", "famandassem")), "")
                if visibility in ("public", "family", "famorassem"):
                    arguments = method[method.index("(", method.index("'.ctor'")) + 1:method.rindex(")")]
                    parameters = [canonical_il_type(re.sub(r"\s+'?[\w]+'?$", "", a)) for a in split_top_level(arguments)]
                    found.setdefault(classes[-1], []).append(("public" if visibility == "public" else "protected", parameters))
            method = None
    return found
