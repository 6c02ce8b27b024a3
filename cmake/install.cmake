# Installation: the libraries' headers and static libraries, with an exported CMake package so
# that another project can write
#
#   find_package(jsonx 0.1 REQUIRED)
#   target_link_libraries(app PRIVATE jsonx::jsonx)   # or one layer: jsonx::sax, jsonx::dom, ...
#
# Included from the top-level CMakeLists.txt after every library target exists.
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
          FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h"
          PATTERN "simd/detail" EXCLUDE)
endforeach()

install(TARGETS ${jsonx_installed_targets}
  EXPORT jsonx_targets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")

# jsonx::stream_iostreams in an export set of its own, loaded by jsonxConfig.cmake only where
# Boost.Iostreams is found: the other targets never make a user find Boost.
if(TARGET jsonx_stream_iostreams)
  install(TARGETS jsonx_stream_iostreams EXPORT jsonx_iostreams_targets)
  install(EXPORT jsonx_iostreams_targets
    NAMESPACE jsonx::
    FILE jsonxIostreamsTargets.cmake
    DESTINATION "${jsonx_install_cmake_dir}")
endif()

# Exported as jsonx::jsonx, jsonx::simd, jsonx::index, jsonx::sax, ... (each target's
# EXPORT_NAME).
install(EXPORT jsonx_targets
  NAMESPACE jsonx::
  FILE jsonxTargets.cmake
  DESTINATION "${jsonx_install_cmake_dir}")

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
  DESTINATION "${jsonx_install_cmake_dir}")
