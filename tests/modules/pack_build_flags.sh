# Sourced by the tests that build a pack out of tree against an installed build: sets
# pack_build_flags to the CMake arguments that give the pack the compiler and the sanitizer runtime
# of the build in $build_dir, since that build's host cannot load a pack carrying another runtime.
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build_dir/CMakeCache.txt"; }
pack_build_flags=(-DCMAKE_CXX_COMPILER="$(cache_value CMAKE_CXX_COMPILER)")
if [ "$(cache_value UAP_SANITIZE)" = ON ]; then
  sanitizer_link_flags="$(cache_value UAP_SANITIZER_LINK_FLAGS)"
  pack_build_flags+=(-DCMAKE_CXX_FLAGS="$(cache_value UAP_SANITIZER_COMPILE_FLAGS)"
    -DCMAKE_EXE_LINKER_FLAGS="$sanitizer_link_flags" -DCMAKE_MODULE_LINKER_FLAGS="$sanitizer_link_flags"
    -DCMAKE_SHARED_LINKER_FLAGS="$sanitizer_link_flags")
fi
