# Sourced by the build scripts: sets compiler_cache to the CMake arguments that put ccache in front of
# the compilers (empty without ccache), and lets a clone anywhere reuse what another clone compiled.
# ccache keys a compilation by its command; with the clone's root as the base folder its paths are
# relative, and the top-level CMakeLists maps the root out of the debug information, so a clean clone
# in a new folder (CI's) hits the cache the last clone filled.
compiler_cache=()
if command -v ccache > /dev/null; then
  compiler_cache=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  CCACHE_BASEDIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
  export CCACHE_BASEDIR
fi
