#!/usr/bin/env bash
# Cross-builds the host for Windows (the windows-tests preset: windows-cross at -O1, mingw-w64) and
# runs its tests under Wine, then the tests that cross the system's text boundary again under a Japanese locale (code page 932). The
# dependencies come from scripts/build-windows-deps.sh and build-windows-package.sh (cached outside the clone), the Wine prefixes
# live in ${XDG_CACHE_HOME:-~/.cache}/uap-wine-prefix and uap-wine-prefix-ja. Prints how long each part took.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in x86_64-w64-mingw32-g++-posix /usr/lib/wine/wine64; do
  command -v "$tool" >/dev/null || { echo "test-windows: $tool is missing; run scripts/install-deps.sh" >&2; exit 1; }
done
started=$(date +%s)
UAP_WINDOWS_DEPS="$(scripts/build-windows-deps.sh)"
UAP_WINDOWS_MD4C="$(scripts/build-windows-package.sh md4c)"
UAP_WINDOWS_SODIUM="$(scripts/build-windows-package.sh libsodium)"
export UAP_WINDOWS_DEPS UAP_WINDOWS_MD4C UAP_WINDOWS_SODIUM
dependencies_done=$(date +%s)
export WINEPREFIX="${WINEPREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/uap-wine-prefix}" WINEDEBUG="${WINEDEBUG:--all}"
# Without Wine's Mono and Gecko (nothing here needs .NET or a browser engine), so a fresh prefix
# neither asks to download them nor waits for a dialog on a headless machine.
export WINEDLLOVERRIDES="${WINEDLLOVERRIDES:-mscoree,mshtml=}"
[ -d "$WINEPREFIX/drive_c" ] || /usr/lib/wine/wine64 wineboot -i > /dev/null 2>&1

# Wine starts its system processes (services.exe, winedevice.exe, explorer.exe, plugplay.exe) from
# the first Wine program that needs them, and they inherit that program's output pipes; they live
# until the wineserver exits, 3 s after the last Wine program ends. Started by a test, they kept the
# test's pipes open after it had ended, so ctest (or a Node test waiting for its host's streams)
# waited out its timeout: the stalls "after [  PASSED  ]" seen in CI. Measured here: a test piped
# through `tail` ended 2.9 s after a cold start and in 0.04-0.17 s inside a session. So each pass runs
# in a session: a persistent wineserver of the pass's prefix and its system processes, started here
# with their output on /dev/null and ended by the server's pid after the tests.
wine_server=""
wine_environment=()
start_wine_session() { # Arguments: the command prefix that sets the pass's environment (may be empty).
  wine_environment=("$@")
  timeout 30 "$@" /usr/lib/wine/wineserver -w || true # An earlier server of this prefix finishes first.
  "$@" /usr/lib/wine/wineserver -f -p < /dev/null > /dev/null 2>&1 &
  wine_server=$!
  "$@" /usr/lib/wine/wine64 wineboot < /dev/null > /dev/null 2>&1
}
# Ending only the server left the system processes it had started (winedevice.exe) running after
# the run, so the server is asked to end every process of the pass's prefix first, then itself.
end_wine_session() {
  [ -n "$wine_server" ] || return 0
  timeout 30 "${wine_environment[@]}" /usr/lib/wine/wineserver -k 2> /dev/null || true
  kill "$wine_server" 2> /dev/null || true
  wait "$wine_server" 2> /dev/null || true
  wine_server=""
}
trap end_wine_session EXIT
start_wine_session # The build runs the test programs too, to list their tests.
source scripts/compiler-cache.sh
cmake --preset windows-tests "${compiler_cache[@]}" > /dev/null
cmake --build --preset windows-tests
built=$(date +%s)
status=0
# Wine 8's loader now and then fails glibc's assertion in _dl_fini ("Inconsistency detected by
# ld.so") as a test process exits, after the test itself passed (seen once in about 500 runs), so a
# failed test is run once more; one that fails twice fails the run, and ctest names every retry.
retry=(--repeat until-pass:2)
ctest --preset windows-tests -j 2 "${retry[@]}" || status=$?
end_wine_session
tested=$(date +%s)

# The tests that cross the system's text boundary (paths, files, processes, the console, settings and
# packs on disk) again under a Japanese locale; the rest handle only UTF-8 in memory, and running all
# of them again cost 8 minutes of CI for nothing the first pass does not check. Wine takes its ANSI and OEM code
# pages (932) from the Unix locale, not from the prefix's registry, so the locale is compiled into a
# cache folder (no root needed; Debian's `locales` package has its source) and the run gets a prefix
# of its own (switching the locale rewrites the prefix's international settings).
cache="${XDG_CACHE_HOME:-$HOME/.cache}"
locales="$cache/uap-locales"
if [ ! -e "$locales/ja_JP.UTF-8/LC_CTYPE" ]; then
  mkdir -p "$locales"
  localedef -i ja_JP -f UTF-8 "$locales/ja_JP.UTF-8" || { echo "test-windows: cannot compile the ja_JP.UTF-8 locale; install Debian's locales package (scripts/install-deps.sh)" >&2; exit 1; }
fi
japanese=(env LOCPATH="$locales" LANG=ja_JP.UTF-8 LC_ALL=ja_JP.UTF-8 WINEPREFIX="$cache/uap-wine-prefix-ja" UAP_EXPECTED_CODE_PAGE=932)
[ -d "$cache/uap-wine-prefix-ja/drive_c" ] || "${japanese[@]}" /usr/lib/wine/wine64 wineboot -i > /dev/null 2>&1
start_wine_session "${japanese[@]}"
text_boundary='^(Platform|FileJailTest|Utf8Paths|windows|ScriptGateWindows|CliSearchWindows|Cli|LogFile|StateFolderLinks|TokenFiles'
text_boundary+='|ProjectSettings|All/CorruptSettings|SettingsMigration|PackInstaller|NewPack|CrashRecord|EndToEnd|AuthorLoop|Isolation/BothHomes)\.|^abi_'
"${japanese[@]}" ctest --preset windows-tests -j 2 -R "$text_boundary" "${retry[@]}" || status=$?
end_wine_session
echo "test-windows: dependencies $((dependencies_done - started)) s, build $((built - dependencies_done)) s," \
     "tests $((tested - built)) s, tests under code page 932 $(( $(date +%s) - tested )) s"
exit $status
