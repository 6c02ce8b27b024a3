# The pkg-config test: install the built project into a fresh prefix, check that jsonx.pc there
# names that prefix's directories, move the whole tree elsewhere (the .pc files must follow:
# their prefix is ${pcfiledir}-relative), then compile, link and run the pkg-config consumers
# against the moved tree (pkgconfig/run_pkgconfig_consumer.sh).
#   cmake -DJSONX_BUILD_DIR=... -DWORK_DIR=... -DCONSUMER_SOURCE_DIR=... -DLIBDIR=...
#         -DVERSION=... -DPARTS=core|all -DPKG_CONFIG=... -DCXX_COMPILER=... -DBUILD_TYPE=...
#         [-DCXX_FLAGS=...] -P run_pkgconfig.cmake
cmake_minimum_required(VERSION 3.25)

if(NOT PKG_CONFIG)
  message(STATUS "SKIPPED: pkg-config not found (Debian: pkgconf)")
  return()
endif()

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (${status}):\n${out}\n${err}")
  endif()
  string(STRIP "${out}" out)
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

set(prefix "${WORK_DIR}/prefix")
set(moved "${WORK_DIR}/moved")
file(REMOVE_RECURSE "${WORK_DIR}")
run_step("cmake --install" "${CMAKE_COMMAND}" --install "${JSONX_BUILD_DIR}" --prefix "${prefix}"
         --config "${BUILD_TYPE}")

# In the prefix: the variables resolve to its include and library directories.
set(ENV{PKG_CONFIG_PATH} "${prefix}/${LIBDIR}/pkgconfig")
foreach(variable includedir libdir)
  run_step("pkg-config --variable=${variable} jsonx" "${PKG_CONFIG}" --variable=${variable} jsonx)
  get_filename_component(resolved "${step_output}" REALPATH)
  if(variable STREQUAL "includedir")
    get_filename_component(expected "${prefix}/include" REALPATH)
  else()
    get_filename_component(expected "${prefix}/${LIBDIR}" REALPATH)
  endif()
  if(NOT resolved STREQUAL expected)
    message(FATAL_ERROR "jsonx.pc's ${variable} is ${step_output} (${resolved}), not ${expected}")
  endif()
endforeach()

# Moved: everything is used from the new place only (the old one is gone).
file(RENAME "${prefix}" "${moved}")
set(ENV{PKG_CONFIG_PATH} "${moved}/${LIBDIR}/pkgconfig")
set(ENV{PKG_CONFIG} "${PKG_CONFIG}")
set(ENV{CXX} "${CXX_COMPILER}")
set(ENV{CXXFLAGS} "${CXX_FLAGS}")
run_step("the pkg-config consumers" sh "${CONSUMER_SOURCE_DIR}/run_pkgconfig_consumer.sh"
         "${CONSUMER_SOURCE_DIR}" "${WORK_DIR}/build" "${VERSION}" "${PARTS}"
         "${moved}/${LIBDIR}/pkgconfig")
message(STATUS "${step_output}")
file(REMOVE_RECURSE "${WORK_DIR}")
