# uap_add_module(): builds one tool module as a pack folder (library + uap-module.json manifest)
# with hidden visibility and only the ABI entry symbol exported. Used in-tree and by SDK users.
include_guard(GLOBAL)


# The platform key used in manifests: <os>-<architecture>, e.g. linux-x86_64, windows-x86_64.
function(uap_platform_key out_variable)
  if(WIN32)
    set(os windows)
  elseif(APPLE)
    set(os macos)
  else()
    set(os linux)
  endif()
  string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" architecture)
  if(architecture MATCHES "^(amd64|x64)$")
    set(architecture x86_64)
  elseif(architecture MATCHES "^(arm64|aarch64)$")
    set(architecture arm64)
  endif()
  set(${out_variable} "${os}-${architecture}" PARENT_SCOPE)
endfunction()

# A CMake string as a JSON string literal (backslashes and quotes escaped), for string(JSON SET).
function(_uap_json_string out_variable text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  set(${out_variable} "\"${text}\"" PARENT_SCOPE)
endfunction()

# uap_add_module(<target>
#   ID <pack id> VERSION <x.y.z> [NAME <display name>] [TOGGLE <toggle id>]
#   [AUTHOR <who>] [LICENSE <SPDX expression>] [HOMEPAGE <http(s) URL>] [MIN_HOST_REVISION <n>]
#   SOURCES <files...> [TOOLS <tool names...>] [COVERED_BY <tool=integration:command...>]
#   [PROFILES <folder inside the pack, copied from the same folder next to the caller's CMakeLists.txt>]
#   [OUTPUT_DIRECTORY <plugins folder>]
#   [INSTALL_DESTINATION <plugins folder relative to the install prefix>])
#
# Tool names are written once, in each tool's C++ name(): without TOOLS, the manifest's "tools"
# list is generated after every build by `uap-host modules manifest`, which loads the module and
# asks it (UAP_HOST_EXECUTABLE: the uap-host target in the host's own tree, the installed uap-host
# for find_package(uap-sdk) users). TOOLS writes the list by hand instead (for modules built where
# they cannot run, and for the host's own mismatch fixtures); the host then checks it at load.
function(uap_add_module target)
  cmake_parse_arguments(PARSE_ARGV 1 arg ""
                        "ID;VERSION;NAME;TOGGLE;AUTHOR;LICENSE;HOMEPAGE;MIN_HOST_REVISION;PROFILES;OUTPUT_DIRECTORY;INSTALL_DESTINATION"
                        "TOOLS;SOURCES;COVERED_BY")
  foreach(required ID VERSION SOURCES)
    if(NOT arg_${required})
      message(FATAL_ERROR "uap_add_module(${target}): ${required} is required")
    endif()
  endforeach()
  if(NOT arg_NAME)
    set(arg_NAME "${arg_ID}")
  endif()
  if(NOT arg_TOGGLE)
    set(arg_TOGGLE "${arg_ID}")
  endif()
  if(NOT arg_OUTPUT_DIRECTORY)
    set(arg_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/plugins")
  endif()
  set(pack_directory "${arg_OUTPUT_DIRECTORY}/${arg_ID}")

  add_library(${target} MODULE ${arg_SOURCES})
  target_link_libraries(${target} PRIVATE uap::sdk)
  set_target_properties(${target} PROPERTIES
    PREFIX "${CMAKE_SHARED_MODULE_PREFIX}"
    OUTPUT_NAME "${target}"
    C_VISIBILITY_PRESET hidden
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LIBRARY_OUTPUT_DIRECTORY "${pack_directory}"
    RUNTIME_OUTPUT_DIRECTORY "${pack_directory}")
  foreach(configuration Debug Release RelWithDebInfo MinSizeRel)
    string(TOUPPER ${configuration} upper)
    set_target_properties(${target} PROPERTIES LIBRARY_OUTPUT_DIRECTORY_${upper} "${pack_directory}"
                                               RUNTIME_OUTPUT_DIRECTORY_${upper} "${pack_directory}")
  endforeach()
  if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
    target_link_options(${target} PRIVATE
      "LINKER:--version-script=${CMAKE_CURRENT_FUNCTION_LIST_DIR}/uap-module.map" "LINKER:--no-undefined")
  elseif(APPLE)
    target_link_options(${target} PRIVATE "LINKER:-exported_symbol,_uap_module_entry")
  elseif(MINGW)
    # GCC's runtime linked in, so Windows loads the .dll without mingw's DLLs (libstdc++-6.dll,
    # libgcc_s_seh-1.dll) beside it. Only uap_module_entry is exported: it is the one symbol
    # marked __declspec(dllexport) (UAP_MODULE_EXPORT), and GNU ld then exports nothing else.
    target_link_options(${target} PRIVATE -static -static-libgcc -static-libstdc++)
  endif()

  uap_platform_key(platform)
  set(library_file "${CMAKE_SHARED_MODULE_PREFIX}${target}${CMAKE_SHARED_MODULE_SUFFIX}")
  # The manifest is written with string(JSON), so every value is escaped as JSON requires.
  set(manifest "{}")
  string(JSON manifest SET "${manifest}" manifestVersion 1)
  foreach(field IN ITEMS id:ID name:NAME version:VERSION toggle:TOGGLE)
    string(REPLACE ":" ";" pair "${field}")
    list(GET pair 0 key)
    list(GET pair 1 argument)
    _uap_json_string(value "${arg_${argument}}")
    string(JSON manifest SET "${manifest}" ${key} "${value}")
  endforeach()
  string(JSON manifest SET "${manifest}" abiVersion 1)
  string(JSON manifest SET "${manifest}" library "{}")
  _uap_json_string(value "${library_file}")
  string(JSON manifest SET "${manifest}" library "${platform}" "${value}")
  foreach(field IN ITEMS author:AUTHOR license:LICENSE homepage:HOMEPAGE profiles:PROFILES)
    string(REPLACE ":" ";" pair "${field}")
    list(GET pair 0 key)
    list(GET pair 1 argument)
    if(arg_${argument})
      _uap_json_string(value "${arg_${argument}}")
    string(JSON manifest SET "${manifest}" ${key} "${value}")
    endif()
  endforeach()
  if(arg_MIN_HOST_REVISION)
    string(JSON manifest SET "${manifest}" minHostRevision ${arg_MIN_HOST_REVISION})
  endif()
  # COVERED_BY tool=integration:command ...: the tool steps aside when that integration is present.
  if(arg_COVERED_BY)
    string(JSON manifest SET "${manifest}" coveredBy "{}")
    foreach(entry IN LISTS arg_COVERED_BY)
      if(NOT entry MATCHES "^([A-Za-z0-9._-]+)=([a-z0-9-]+:[a-z0-9-]+)$")
        message(FATAL_ERROR "uap_add_module(${target}): COVERED_BY entry \"${entry}\" must be tool=integration:command, e.g. my_logs=uloop:get-logs")
      endif()
      _uap_json_string(value "${CMAKE_MATCH_2}")
      string(JSON manifest SET "${manifest}" coveredBy "${CMAKE_MATCH_1}" "${value}")
    endforeach()
  endif()
  string(JSON manifest SET "${manifest}" tools "[]")
  set(index 0)
  foreach(tool IN LISTS arg_TOOLS)
    _uap_json_string(value "${tool}")
    string(JSON manifest SET "${manifest}" tools ${index} "${value}")
    math(EXPR index "${index} + 1")
  endforeach()
  file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/${target}.uap-module.json" "${manifest}\n")
  file(MAKE_DIRECTORY "${pack_directory}")
  if("TOOLS" IN_LIST arg_KEYWORDS_MISSING_VALUES OR DEFINED arg_TOOLS)
    configure_file("${CMAKE_CURRENT_BINARY_DIR}/${target}.uap-module.json" "${pack_directory}/uap-module.json" COPYONLY)
  else()
    if(TARGET uap-host)
      set(describer "$<TARGET_FILE:uap-host>")
      add_dependencies(${target} uap-host)
    elseif(UAP_HOST_EXECUTABLE)
      set(describer "${UAP_HOST_EXECUTABLE}")
    else()
      message(FATAL_ERROR "uap_add_module(${target}): no uap-host to read the tool names from the module; "
                          "set UAP_HOST_EXECUTABLE to an installed uap-host, or list the names with TOOLS")
    endif()
    # A changed template (a new VERSION, say) relinks the module, so the manifest is rewritten.
    set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${CMAKE_CURRENT_BINARY_DIR}/${target}.uap-module.json")
    # Cross-built (windows-cross), the describer runs through the emulator (Wine); empty otherwise.
    add_custom_command(TARGET ${target} POST_BUILD
      COMMAND ${CMAKE_CROSSCOMPILING_EMULATOR} "${describer}" modules manifest "$<TARGET_FILE:${target}>"
              --template "${CMAKE_CURRENT_BINARY_DIR}/${target}.uap-module.json" --output "${pack_directory}/uap-module.json"
      COMMENT "Writing the manifest of ${arg_ID} from the tools ${target} describes"
      VERBATIM)
  endif()

  # The pack's profiles folder is copied from the same relative folder of the calling source tree.
  if(arg_PROFILES AND IS_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}/${arg_PROFILES}")
    add_custom_command(TARGET ${target} POST_BUILD
      COMMAND "${CMAKE_COMMAND}" -E copy_directory "${CMAKE_CURRENT_SOURCE_DIR}/${arg_PROFILES}" "${pack_directory}/${arg_PROFILES}"
      COMMENT "Copying the extension profiles of ${arg_ID}"
      VERBATIM)
    if(arg_INSTALL_DESTINATION)
      install(DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}/${arg_PROFILES}/" DESTINATION "${arg_INSTALL_DESTINATION}/${arg_ID}/${arg_PROFILES}")
    endif()
  endif()

  if(arg_INSTALL_DESTINATION)
    install(TARGETS ${target} LIBRARY DESTINATION "${arg_INSTALL_DESTINATION}/${arg_ID}"
                              RUNTIME DESTINATION "${arg_INSTALL_DESTINATION}/${arg_ID}")
    install(FILES "${pack_directory}/uap-module.json" DESTINATION "${arg_INSTALL_DESTINATION}/${arg_ID}")
  endif()
endfunction()

# uap_add_module_test(<test target> MODULE <module target> SOURCES <files...>)
# A GoogleTest executable that unit-tests a module with uap::testkit::ModuleHarness: the test
# reads the built module's path from UAP_MODULE_LIBRARY and runs under ctest (call enable_testing()).
# Cross-built for Windows, ctest runs it under the toolchain's emulator (Wine).
function(uap_add_module_test target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "MODULE" "SOURCES")
  if(NOT arg_MODULE OR NOT arg_SOURCES)
    message(FATAL_ERROR "uap_add_module_test(${target}): MODULE and SOURCES are required")
  endif()
  find_package(GTest REQUIRED)
  add_executable(${target} ${arg_SOURCES})
  target_link_libraries(${target} PRIVATE uap::testkit GTest::gtest_main)
  target_compile_definitions(${target} PRIVATE UAP_MODULE_LIBRARY="$<TARGET_FILE:${arg_MODULE}>")
  add_dependencies(${target} ${arg_MODULE})
  # On Windows the test kit is a DLL, found only next to the program (or on PATH): copy it there.
  # A cross build runs the test through CMAKE_CROSSCOMPILING_EMULATOR (Wine).
  if(WIN32)
    add_custom_command(TARGET ${target} POST_BUILD
      COMMAND "${CMAKE_COMMAND}" -E copy_if_different $<TARGET_RUNTIME_DLLS:${target}> "$<TARGET_FILE_DIR:${target}>"
      COMMAND_EXPAND_LISTS VERBATIM)
  endif()
  add_test(NAME ${target} COMMAND ${target})
endfunction()
