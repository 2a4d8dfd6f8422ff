#!/usr/bin/env python3
# Shows that a change to bridge-v1.json which breaks a typed call fails the build: generates the typed
# calls from the protocol as it is and from a copy without hierarchy.subtree's maxNodes, and compiles
# one translation unit that sets it against each; the first must compile, the second must not.
import argparse
import json
import pathlib
import subprocess
import sys
import tempfile

USER = """// A pack's use of a typed call, as an author would write it.
#include <uap/sdk/editor_calls.hpp>

uap::sdk::EditorResult<uap::sdk::editor::HierarchySubtreeResult> walk(const uap::sdk::EditorClient& editor) {
    uap::sdk::editor::HierarchySubtreeParams params;
    params.maxNodes = 100;
    return uap::sdk::editor::hierarchy_subtree(editor, params);
}
"""


def compile_against(protocol, folder, arguments):
    generated = folder / "include"
    subprocess.run([sys.executable, arguments.generator, "--protocol", str(protocol), "--header",
                    str(generated / "uap" / "sdk" / "editor_calls.hpp")], check=True)
    source = folder / "user.cpp"
    source.write_text(USER, encoding="utf-8")
    command = [arguments.compiler, "-std=c++20", "-fsyntax-only", "-I", str(generated)]
    # The compiler's own folders stay out: naming /usr/include again breaks the C++ library's include_next.
    for include in arguments.include:
        if include and include not in ("/usr/include", "/usr/local/include"):
            command += ["-I", include]
    return subprocess.run(command + [str(source)], capture_output=True, text=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--generator", required=True)
    parser.add_argument("--protocol", required=True)
    parser.add_argument("--compiler", required=True)
    parser.add_argument("--include", action="append", default=[])
    arguments = parser.parse_args()
    protocol = json.loads(pathlib.Path(arguments.protocol).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        unchanged = compile_against(pathlib.Path(arguments.protocol), scratch / "unchanged", arguments)
        if unchanged.returncode != 0:
            print("FAIL: the use compiles not even against the unchanged protocol:\n" + unchanged.stderr)
            return 1
        del protocol["methods"]["hierarchy.subtree"]["params"]["properties"]["maxNodes"]
        changed_protocol = scratch / "bridge-v1.json"
        changed_protocol.write_text(json.dumps(protocol), encoding="utf-8")
        changed = compile_against(changed_protocol, scratch / "changed", arguments)
        if changed.returncode == 0:
            print("FAIL: code that sets a field removed from the protocol still compiles")
            return 1
        if "maxNodes" not in changed.stderr:
            print("FAIL: the compile failed, but not at the removed field:\n" + changed.stderr)
            return 1
    print("ok: removing hierarchy.subtree's maxNodes from the protocol fails the compile of code that sets it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
