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

# uap_add_module(<target>
#   ID <pack id> VERSION <x.y.z> [NAME <display name>] [TOGGLE <toggle id>]
#   TOOLS <tool names...> SOURCES <files...>
#   [PROFILES <folder inside the pack>] [OUTPUT_DIRECTORY <plugins folder>]
#   [INSTALL_DESTINATION <plugins folder relative to the install prefix>])
function(uap_add_module target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "ID;VERSION;NAME;TOGGLE;PROFILES;OUTPUT_DIRECTORY;INSTALL_DESTINATION"
                        "TOOLS;SOURCES")
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
  endif()

  uap_platform_key(platform)
  set(library_file "${CMAKE_SHARED_MODULE_PREFIX}${target}${CMAKE_SHARED_MODULE_SUFFIX}")
  set(tools_json "")
  foreach(tool IN LISTS arg_TOOLS)
    if(tools_json)
      string(APPEND tools_json ", ")
    endif()
    string(APPEND tools_json "\"${tool}\"")
  endforeach()
  set(profiles_json "")
  if(arg_PROFILES)
    set(profiles_json ",\n  \"profiles\": \"${arg_PROFILES}\"")
  endif()
  file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/${target}.uap-module.json"
"{
  \"manifestVersion\": 1,
  \"id\": \"${arg_ID}\",
  \"name\": \"${arg_NAME}\",
  \"version\": \"${arg_VERSION}\",
  \"abiVersion\": 1,
  \"toggle\": \"${arg_TOGGLE}\",
  \"library\": { \"${platform}\": \"${library_file}\" },
  \"tools\": [${tools_json}]${profiles_json}
}
")
  file(MAKE_DIRECTORY "${pack_directory}")
  configure_file("${CMAKE_CURRENT_BINARY_DIR}/${target}.uap-module.json" "${pack_directory}/uap-module.json" COPYONLY)

  if(arg_INSTALL_DESTINATION)
    install(TARGETS ${target} LIBRARY DESTINATION "${arg_INSTALL_DESTINATION}/${arg_ID}"
                              RUNTIME DESTINATION "${arg_INSTALL_DESTINATION}/${arg_ID}")
    install(FILES "${pack_directory}/uap-module.json" DESTINATION "${arg_INSTALL_DESTINATION}/${arg_ID}")
  endif()
endfunction()

# uap_add_module_test(<test target> MODULE <module target> SOURCES <files...>)
# A GoogleTest executable that unit-tests a module with uap::testkit::ModuleHarness: the test
# reads the built module's path from UAP_MODULE_LIBRARY and runs under ctest (call enable_testing()).
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
  add_test(NAME ${target} COMMAND ${target})
endfunction()
