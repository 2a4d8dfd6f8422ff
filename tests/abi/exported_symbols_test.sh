#!/usr/bin/env bash
# Fails unless every module given exports exactly one defined symbol: uap_module_entry. ELF shared
# objects are read with nm -D; Windows DLLs (PE files, starting with "MZ") with the export table
# that mingw-w64's objdump -p prints.
set -euo pipefail
# objdump's headings are translated (the Japanese pass of scripts/test-windows.sh runs under ja_JP).
export LC_ALL=C
status=0
pe_objdump=${UAP_PE_OBJDUMP:-x86_64-w64-mingw32-objdump}
for module in "$@"; do
  if [ "$(head -c 2 "$module")" = "MZ" ]; then
    command -v "$pe_objdump" >/dev/null || { echo "FAIL: $pe_objdump is needed to read $module (install mingw-w64)"; exit 1; }
    # The names follow the line "[Ordinal/Name Pointer] Table", one "[ n] name" per line, up to a blank line.
    symbols=$("$pe_objdump" -p "$module" | awk '/\[Ordinal\/Name Pointer\] Table/ {inside=1; next}
                                               inside && NF == 0 {inside=0}
                                               inside {print $NF}' | sort -u)
  else
    symbols=$(nm -D --defined-only "$module" | awk '{print $3}' | sort -u)
  fi
  if [ "$symbols" != "uap_module_entry" ]; then
    echo "FAIL: $module exports: $(echo $symbols)"
    status=1
  else
    echo "ok: $module exports only uap_module_entry"
  fi
done
exit $status
