#!/usr/bin/env python3
"""Finds implicit text-to-path conversions in base/ and host/src that path_text_check.py cannot see.

Usage: path_conversion_audit.py BUILD_DIR (a Linux build with compile_commands.json, e.g. build/release).
Copies libstdc++'s bits/fs_path.h into a temporary folder with std::filesystem::path's constructor
from std::string, std::string_view and char pointers made explicit, and its /=, +=, =, assign and
append refusing them, then compiles every base/ and host/src file (outside the platform layer) against it
with -fsyntax-only. Each error is a place where text becomes a path without utf8::to_path (on
Windows: in the ANSI code page). Conversions of ASCII constants (`path / manifest_file_name`) are
harmless. Too slow for the test suite (minutes of CPU); run it after changing how paths are built.
"""
import json
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

NARROW = '''  template<typename _Tp>
    concept __uap_narrow_text = is_same_v<remove_cvref_t<_Tp>, std::string> || is_same_v<remove_cvref_t<_Tp>, std::string_view>
      || is_same_v<remove_cvref_t<_Tp>, const char*> || is_same_v<remove_cvref_t<_Tp>, char*>;

'''
CONSTRUCTOR = '''    template<typename _Source,
	     typename _Require = __detail::_Path<_Source>>
      path(_Source const& __source, format = auto_format)
      : _M_pathname(_S_convert(__detail::__effective_range(__source)))
      { _M_split_cmpts(); }
'''


def patched_header(compiler: str, folder: pathlib.Path) -> None:
    found = subprocess.run([compiler, "-std=c++20", "-H", "-fsyntax-only", "-x", "c++", "-"], input="#include <filesystem>\n",
                           capture_output=True, text=True).stderr
    original = next(line.split()[-1] for line in found.splitlines() if line.rstrip().endswith("bits/fs_path.h"))
    text = pathlib.Path(original).read_text()
    if CONSTRUCTOR not in text or "  /// A filesystem path\n" not in text:
        sys.exit(f"{original} is not the libstdc++ 12 header this audit knows how to patch")
    text = text.replace("  /// A filesystem path\n", NARROW + "  /// A filesystem path\n", 1)
    implicit = CONSTRUCTOR.replace("      path(", "      requires (!__uap_narrow_text<_Source>)\n      path(")
    explicit = CONSTRUCTOR.replace("      path(", "      requires (__uap_narrow_text<_Source>)\n      explicit path(")
    text = text.replace(CONSTRUCTOR, implicit + explicit, 1)
    for member in ["operator=(_Source const& __source)", "assign(_Source const& __source)", "operator/=(_Source const& __source)",
                   "append(_Source const& __source)", "operator+=(_Source const& __x)"]:
        before = "    template<typename _Source>\n      __detail::_Path<_Source>&\n      " + member
        text = text.replace(before, before.replace("template<typename _Source>", "template<typename _Source> requires (!__uap_narrow_text<_Source>)"), 1)
    (folder / "bits").mkdir(parents=True)
    (folder / "bits" / "fs_path.h").write_text(text)


def main() -> int:
    build = pathlib.Path(sys.argv[1]).resolve()
    commands = json.loads((build / "compile_commands.json").read_text())
    selected = [entry for entry in commands if ("/host/src/" in entry["file"] or "/base/support/" in entry["file"]) and "/support/platform/" not in entry["file"]]
    findings = 0
    with tempfile.TemporaryDirectory(prefix="uap-path-audit-") as temporary:
        folder = pathlib.Path(temporary)
        words = shlex.split(selected[0]["command"])
        compiler = next(word for word in words if not word.endswith("ccache"))
        patched_header(compiler, folder)
        for entry in selected:
            words = [word for word in shlex.split(entry["command"]) if not word.endswith("ccache")]
            output = words.index("-o")
            del words[output:output + 2]
            words = [word for word in words if word != "-c"] + ["-fsyntax-only", "-isystem", str(folder)]
            result = subprocess.run(words, cwd=entry["directory"], capture_output=True, text=True)
            for line in result.stderr.splitlines():
                if re.search(r"\berror:", line):
                    findings += 1
                    print(line)
    print(f"{findings} implicit conversions in {len(selected)} files")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
