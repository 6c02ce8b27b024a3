# The layering check: every #include "jsonx/<layer>/..." in a folder of the library must name
# that folder's own layer or one below it in the data flow; the per-ISA SIMD wrappers
# (jsonx/simd/detail/) are for the kernels' sources only. Run as ctest `layering`:
#   cmake -DSOURCE_DIR=<tree> -P check_layers.cmake
# and fails, listing each offending line, on an include that points up.
cmake_minimum_required(VERSION 3.25)

# What each folder may include, bottom of the data flow first.
set(allowed_simd simd)
set(allowed_index index ${allowed_simd})
set(allowed_sax sax ${allowed_index})
set(allowed_encode encode ${allowed_sax})
set(allowed_dom dom ${allowed_encode})
set(allowed_bind bind bind_models ${allowed_dom})
set(allowed_stream stream jsonx ${allowed_bind})  # jsonx: the umbrella <jsonx/jsonx.hpp>
# The applications: the CLI, on the whole library; corpus/ (test and benchmark data) on
# nothing of it. tests/, fuzz/ and bench/ may include anything.
set(allowed_cli ${allowed_stream} corpus)
set(allowed_corpus corpus)
set(checked_folders simd index sax encode dom bind stream cli corpus)

# Where the SIMD wrappers may be included: simd/ itself and the sources of the kernels.
set(wrapper_users "^(simd|index/src|encode/src)/")

set(problems "")
foreach(folder IN LISTS checked_folders)
  file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${folder}/*.hpp"
       "${SOURCE_DIR}/${folder}/*.cpp" "${SOURCE_DIR}/${folder}/*.h")
  foreach(file IN LISTS files)
    file(STRINGS "${SOURCE_DIR}/${file}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]jsonx/")
    foreach(line IN LISTS includes)
      # "jsonx/<layer>/..." names a layer; "jsonx/jsonx.hpp" (the umbrella) names "jsonx".
      string(REGEX REPLACE ".*[<\"]jsonx/([a-z_0-9]+)[/.].*" "\\1" layer "${line}")
      if(NOT layer IN_LIST allowed_${folder})
        list(JOIN allowed_${folder} ", " allowed_text)
        list(APPEND problems "${file}: ${line}   (${folder}/ may include: ${allowed_text})")
      endif()
      if(line MATCHES "jsonx/simd/detail/" AND NOT file MATCHES "${wrapper_users}")
        list(APPEND problems "${file}: ${line}   (the SIMD wrappers are for kernel sources)")
      endif()
    endforeach()
  endforeach()
endforeach()

if(problems)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "includes that point up the data flow:\n  ${text}")
endif()
list(JOIN checked_folders ", " checked_text)
message(STATUS "layering: every include in ${checked_text} points down the data flow")
