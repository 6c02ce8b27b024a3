# Installation: the libraries' headers and static libraries, with an exported CMake package so
# that another project can write
#
#   find_package(jsonx 0.1 REQUIRED)
#   target_link_libraries(app PRIVATE jsonx::jsonx)   # or one layer: jsonx::sax, jsonx::dom, ...
#
# or, without CMake, `pkg-config --cflags --libs jsonx` (and jsonx-iostreams for the
# Boost.Iostreams adapters).
#
# Included from the top-level CMakeLists.txt after every library target exists (when
# JSONX_INSTALL is on: by default at the top level only). Everything here is in the install
# component jsonx_dev, the Debian package libjsonx-dev (cmake/packaging.cmake); the tool
# (cli/) is in jsonx_cli.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(jsonx_install_cmake_dir "${CMAKE_INSTALL_LIBDIR}/cmake/jsonx")

# The library layers, bottom of the data flow first; the public headers of each live in
# <layer>/include. simd/'s detail/ headers (the per-ISA wrappers) serve the kernels' sources
# only and are not installed.
set(jsonx_installed_layers simd index sax encode dom bind stream)
set(jsonx_installed_targets jsonx)
foreach(layer IN LISTS jsonx_installed_layers)
  list(APPEND jsonx_installed_targets jsonx_${layer})
  install(DIRECTORY "${PROJECT_SOURCE_DIR}/${layer}/include/"
          DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
          COMPONENT jsonx_dev
          FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h"
          PATTERN "simd/detail" EXCLUDE)
endforeach()

install(TARGETS ${jsonx_installed_targets}
  EXPORT jsonx_targets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT jsonx_dev
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}" COMPONENT jsonx_dev
  INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")

# jsonx::stream_iostreams in an export set of its own, loaded by jsonxConfig.cmake only where
# Boost.Iostreams is found: the other targets never make a user find Boost.
if(TARGET jsonx_stream_iostreams)
  install(TARGETS jsonx_stream_iostreams EXPORT jsonx_iostreams_targets COMPONENT jsonx_dev)
  install(EXPORT jsonx_iostreams_targets
    NAMESPACE jsonx::
    FILE jsonxIostreamsTargets.cmake
    DESTINATION "${jsonx_install_cmake_dir}"
    COMPONENT jsonx_dev)
endif()

# Exported as jsonx::jsonx, jsonx::simd, jsonx::index, jsonx::sax, ... (each target's
# EXPORT_NAME).
install(EXPORT jsonx_targets
  NAMESPACE jsonx::
  FILE jsonxTargets.cmake
  DESTINATION "${jsonx_install_cmake_dir}"
  COMPONENT jsonx_dev)

configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/jsonxConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/jsonxConfig.cmake"
  INSTALL_DESTINATION "${jsonx_install_cmake_dir}")
# 0.x releases may break the API between minor versions: a request for 0.1 accepts 0.1.z only.
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/jsonxConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMinorVersion)
install(FILES
  "${PROJECT_BINARY_DIR}/jsonxConfig.cmake"
  "${PROJECT_BINARY_DIR}/jsonxConfigVersion.cmake"
  DESTINATION "${jsonx_install_cmake_dir}"
  COMPONENT jsonx_dev)

# pkg-config: jsonx.pc (every layer) and, with the Boost.Iostreams adapters, jsonx-iostreams.pc.
set(jsonx_pc_install_dir "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
# The prefix relative to the .pc file's directory (../.. for lib/pkgconfig, ../../.. for
# Debian's lib/x86_64-linux-gnu/pkgconfig): the .pc files then hold no absolute path and work
# under whatever prefix the tree is installed to. An absolute LIBDIR or INCLUDEDIR (given by
# the user) is written as it is.
if(IS_ABSOLUTE "${jsonx_pc_install_dir}")
  set(JSONX_PC_RELATIVE_PREFIX "")
  set(JSONX_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  file(RELATIVE_PATH JSONX_PC_RELATIVE_PREFIX "/prefix/${jsonx_pc_install_dir}" "/prefix")
  string(REGEX REPLACE "/$" "" JSONX_PC_RELATIVE_PREFIX "${JSONX_PC_RELATIVE_PREFIX}")
  set(JSONX_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(JSONX_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(JSONX_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()

# Static libraries must come before the libraries they use. The order is written out (as the
# README and the brief of each layer give it) and checked here against the targets' links, so
# that a new dependency between layers cannot leave jsonx.pc silently wrong.
set(jsonx_pc_link_order stream bind dom encode sax index simd)
set(JSONX_PC_LIBS "")
foreach(layer IN LISTS jsonx_pc_link_order)
  if(NOT TARGET jsonx_${layer})
    message(FATAL_ERROR "jsonx.pc: no target jsonx_${layer}")
  endif()
  string(APPEND JSONX_PC_LIBS " -ljsonx_${layer}")
endforeach()
string(STRIP "${JSONX_PC_LIBS}" JSONX_PC_LIBS)
foreach(layer IN LISTS jsonx_installed_layers)
  list(FIND jsonx_pc_link_order ${layer} layer_position)
  if(layer_position LESS 0)
    message(FATAL_ERROR "jsonx.pc: the layer ${layer} is missing from jsonx_pc_link_order")
  endif()
  get_target_property(layer_links jsonx_${layer} LINK_LIBRARIES)
  foreach(link IN LISTS layer_links)
    if(link MATCHES "^jsonx_(.+)$")
      list(FIND jsonx_pc_link_order ${CMAKE_MATCH_1} used_position)
      if(used_position LESS_EQUAL layer_position)
        message(FATAL_ERROR "jsonx.pc: jsonx_${layer} links ${link}, which must come after it "
                            "in jsonx_pc_link_order (${jsonx_pc_link_order})")
      endif()
    endif()
  endforeach()
endforeach()

configure_file("${CMAKE_CURRENT_LIST_DIR}/jsonx.pc.in" "${PROJECT_BINARY_DIR}/pkgconfig/jsonx.pc"
               @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/pkgconfig/jsonx.pc"
        DESTINATION "${jsonx_pc_install_dir}"
        COMPONENT jsonx_dev)

if(TARGET jsonx_stream_iostreams)
  # Boost's library by name, with -L and -I only where Boost lives outside the compiler's own
  # directories (Debian's /usr/lib/x86_64-linux-gnu and /usr/include need neither). stream/
  # found Boost in its own directory scope, whose imported targets are not visible here: find
  # it again.
  find_package(Boost 1.81 CONFIG REQUIRED COMPONENTS iostreams)
  get_target_property(jsonx_boost_iostreams_library Boost::iostreams LOCATION)
  get_filename_component(jsonx_boost_library_dir "${jsonx_boost_iostreams_library}" DIRECTORY)
  set(JSONX_PC_BOOST_LIBS "-lboost_iostreams")
  if(NOT jsonx_boost_library_dir IN_LIST CMAKE_CXX_IMPLICIT_LINK_DIRECTORIES)
    set(JSONX_PC_BOOST_LIBS "-L${jsonx_boost_library_dir} -lboost_iostreams")
  endif()
  set(JSONX_PC_BOOST_CFLAGS "")
  get_target_property(jsonx_boost_include_dirs Boost::headers INTERFACE_INCLUDE_DIRECTORIES)
  foreach(dir IN LISTS jsonx_boost_include_dirs)
    if(NOT dir IN_LIST CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES)
      string(APPEND JSONX_PC_BOOST_CFLAGS " -I${dir}")
    endif()
  endforeach()
  string(STRIP "${JSONX_PC_BOOST_CFLAGS}" JSONX_PC_BOOST_CFLAGS)
  set(JSONX_PC_BOOST_VERSION "${Boost_VERSION}")
  configure_file("${CMAKE_CURRENT_LIST_DIR}/jsonx-iostreams.pc.in"
                 "${PROJECT_BINARY_DIR}/pkgconfig/jsonx-iostreams.pc" @ONLY)
  install(FILES "${PROJECT_BINARY_DIR}/pkgconfig/jsonx-iostreams.pc"
          DESTINATION "${jsonx_pc_install_dir}"
          COMPONENT jsonx_dev)
endif()
