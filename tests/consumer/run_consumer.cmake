# The find_package(jsonx) test: install the built project into a fresh prefix, then configure,
# build and run project/ (a consumer outside the tree) against that prefix only.
#   cmake -DJSONX_BUILD_DIR=... -DWORK_DIR=... -DCONSUMER_SOURCE_DIR=... -DGENERATOR=...
#         -DMAKE_PROGRAM=... -DCXX_COMPILER=... -DBUILD_TYPE=... [-DCXX_FLAGS=...]
#         -P run_consumer.cmake
# Every project configured here uses the main build's generator and build tool: a machine may
# have Ninja and no make (a minimal Debian with the project's packages has exactly that).
cmake_minimum_required(VERSION 3.25)

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (${status}):\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

set(prefix "${WORK_DIR}/prefix")
set(consumer_build "${WORK_DIR}/build")
file(REMOVE_RECURSE "${WORK_DIR}")

run_step("cmake --install" "${CMAKE_COMMAND}" --install "${JSONX_BUILD_DIR}" --prefix "${prefix}"
         --config "${BUILD_TYPE}")

# What a user of the package relies on, at the places GNUInstallDirs gives for this prefix.
file(GLOB_RECURSE config_files "${prefix}/*/jsonxConfig.cmake")
file(GLOB_RECURSE version_files "${prefix}/*/jsonxConfigVersion.cmake")
file(GLOB_RECURSE libraries "${prefix}/*/libjsonx_*.a")
foreach(needed config_files version_files libraries)
  if(NOT ${needed})
    message(FATAL_ERROR "the install tree in ${prefix} has no ${needed}")
  endif()
endforeach()
foreach(header jsonx/sax/push_parser.hpp jsonx/sax/handler.hpp jsonx/simd/kernel.hpp)
  if(NOT EXISTS "${prefix}/include/${header}")
    message(FATAL_ERROR "the install tree lacks include/${header}")
  endif()
endforeach()
# The per-ISA wrappers are for the kernels' own sources: not part of the installed API.
if(EXISTS "${prefix}/include/jsonx/simd/detail")
  message(FATAL_ERROR "the install tree holds include/jsonx/simd/detail")
endif()

run_step("configuring the consumer" "${CMAKE_COMMAND}" -S "${CONSUMER_SOURCE_DIR}"
         -B "${consumer_build}" -G "${GENERATOR}" "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}"
         "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}"
         "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
         "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
         "-DCMAKE_PREFIX_PATH=${prefix}")
run_step("building the consumer" "${CMAKE_COMMAND}" --build "${consumer_build}")
run_step("running the consumer" "${consumer_build}/consumer")
if(NOT step_output MATCHES "^consumer: parsed with the [a-z0-9_]+ kernel")
  message(FATAL_ERROR "unexpected consumer output:\n${step_output}")
endif()
message(STATUS "${step_output}")

# A request for an incompatible version must be refused (by jsonxConfigVersion.cmake).
file(WRITE "${WORK_DIR}/wrong_version/CMakeLists.txt"
     "cmake_minimum_required(VERSION 3.25)\nproject(wrong_version NONE)\n"
     "find_package(jsonx 99.0 REQUIRED)\n")
execute_process(COMMAND "${CMAKE_COMMAND}" -S "${WORK_DIR}/wrong_version"
                -B "${WORK_DIR}/wrong_version/build" -G "${GENERATOR}"
                "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}" "-DCMAKE_PREFIX_PATH=${prefix}"
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX REPLACE "[ \n]+" " " err "${err}")  # CMake wraps its messages
if(status EQUAL 0)
  message(FATAL_ERROR "find_package(jsonx 99.0) was accepted; it should have been refused:\n${out}")
endif()
# It must fail because of the version, not for any other reason (a missing build tool, say).
if(NOT err MATCHES "jsonx" OR NOT err MATCHES "compatible with requested version")
  message(FATAL_ERROR "find_package(jsonx 99.0) failed, but not by refusing the version:\n${out}\n${err}")
endif()

file(REMOVE_RECURSE "${WORK_DIR}")
