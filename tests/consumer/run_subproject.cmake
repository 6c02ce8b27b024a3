# The subproject tests: configure subproject/ (a project that adds jsonx from source, by
# add_subdirectory or FetchContent), build its program only, run it, and check what jsonx left
# in the parent's trees.
#   cmake -DMODE=add_subdirectory|fetchcontent -DJSONX_SOURCE_DIR=... -DWORK_DIR=...
#         -DCONSUMER_SOURCE_DIR=... -DGENERATOR=... -DMAKE_PROGRAM=... -DCXX_COMPILER=...
#         [-DCXX_FLAGS=...] -P run_subproject.cmake
# The parent is configured with no build type (jsonx must not force one on it) and with release
# flags of its own (which jsonx must not replace); building only the program compiles only the
# layers it links (simd, index, sax), which keeps the test short.
cmake_minimum_required(VERSION 3.25)

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (${status}):\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

set(build "${WORK_DIR}/build")
set(prefix "${WORK_DIR}/prefix")
file(REMOVE_RECURSE "${WORK_DIR}")

run_step("configuring the parent project (${MODE})" "${CMAKE_COMMAND}"
         -S "${CONSUMER_SOURCE_DIR}" -B "${build}" -G "${GENERATOR}"
         "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}"
         "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
         "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
         "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG -DPARENT_RELEASE_FLAGS"
         "-DJSONX_CONSUMER_MODE=${MODE}"
         "-DJSONX_SOURCE_DIR=${JSONX_SOURCE_DIR}")

# Files jsonx must not write at the top of the parent's build tree: CPack's configuration
# (include(CPack) is for the top level) and compile_commands.json (the parent did not ask).
foreach(unwanted CPackConfig.cmake CPackSourceConfig.cmake compile_commands.json)
  if(EXISTS "${build}/${unwanted}")
    message(FATAL_ERROR "adding jsonx (${MODE}) wrote ${unwanted} in the parent's build tree")
  endif()
endforeach()

run_step("building the program" "${CMAKE_COMMAND}" --build "${build}"
         --target subproject_consumer)
# Only the layers the program links were compiled.
file(GLOB_RECURSE built_libraries RELATIVE "${build}" "${build}/*libjsonx_*.a")
list(TRANSFORM built_libraries REPLACE ".*/" "")
list(SORT built_libraries)
if(NOT built_libraries STREQUAL "libjsonx_index.a;libjsonx_sax.a;libjsonx_simd.a")
  message(FATAL_ERROR "building a program that links jsonx::sax built: ${built_libraries}")
endif()

run_step("running the program" "${build}/subproject_consumer")
if(NOT step_output MATCHES "^subproject consumer \\(${MODE}\\): 9 values, 3 keys, sum 42 with the [a-z0-9_]+ kernel; refused: ")
  message(FATAL_ERROR "unexpected output of the program:\n${step_output}")
endif()
message(STATUS "${step_output}")

# The parent's ctest sees its own test only.
run_step("listing the parent's tests" "${CMAKE_CTEST_COMMAND}" --test-dir "${build}" -N)
if(NOT step_output MATCHES "parent_own_test" OR NOT step_output MATCHES "Total Tests: 1\n")
  message(FATAL_ERROR "the parent's ctest lists other tests than its own:\n${step_output}")
endif()

# The parent's install holds its program and nothing of jsonx (JSONX_INSTALL is off in a
# subproject; were it on, installing would also fail on the libraries not built).
run_step("installing the parent project" "${CMAKE_COMMAND}" --install "${build}"
         --prefix "${prefix}")
file(GLOB_RECURSE installed RELATIVE "${prefix}" "${prefix}/*")
if(NOT installed MATCHES "^bin/subproject_consumer$")
  message(FATAL_ERROR "the parent's install tree holds: ${installed}")
endif()

file(REMOVE_RECURSE "${WORK_DIR}")
