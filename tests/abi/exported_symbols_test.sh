#!/usr/bin/env bash
# Fails unless every module given exports exactly one defined dynamic symbol: uap_module_entry.
set -euo pipefail
status=0
for module in "$@"; do
  symbols=$(nm -D --defined-only "$module" | awk '{print $3}' | sort -u)
  if [ "$symbols" != "uap_module_entry" ]; then
    echo "FAIL: $module exports: $(echo $symbols)"
    status=1
  else
    echo "ok: $module exports only uap_module_entry"
  fi
done
exit $status
