# Debian packages, made by CPack's DEB generator from the install components:
#
#   libjsonx-dev  (component jsonx_dev, cmake/install.cmake): the headers, the static libraries,
#                 the CMake package (find_package(jsonx)) and the pkg-config files.
#   jsonx         (component jsonx_cli, cli/CMakeLists.txt; with JSONX_BUILD_CLI): the `jsonx`
#                 tool and its manual page.
#
#   cmake --build build --target package      (or: cd build && cpack -G DEB)
#
# writes build/libjsonx-dev_<version>_<arch>.deb and build/jsonx_<version>_<arch>.deb;
# tests/packages/ installs them in a fresh Debian 12 root and uses them (ctest -L packages).
# Included from the top level only (CPack's configuration is the whole build tree's).

# Who answers for the packages: the Maintainer field of both.
set(JSONX_PACKAGE_MAINTAINER "jsonx developers <dev@jsonx.invalid>" CACHE STRING
    "Maintainer field of the Debian packages (Name <email>)")

# Everything CPack needs is set before include(CPack), which writes CPackConfig.cmake from it.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME jsonx)
set(CPACK_PACKAGE_VENDOR "jsonx")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
# Each package's Description is its component's description below, whose first line is the
# synopsis. CPackDeb puts CPACK_PACKAGE_DESCRIPTION_SUMMARY before it as a first line unless
# that summary is CPack's default text, so it is left at exactly that default.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${CMAKE_PROJECT_NAME} built using CMake")
set(CPACK_PACKAGE_CONTACT "${JSONX_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${JSONX_PACKAGE_MAINTAINER}")
# The packages go to the top of the build tree; their staging trees under _CPack_Packages/.
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)

# One package per install component, named as Debian names them (lib<name>-dev, the tool by its
# program's name); file names <package>_<version>_<architecture>.deb. The architecture is the
# build's, as dpkg reports it (CPack's default).
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL jsonx_dev)
if(TARGET jsonx_cli)
  list(APPEND CPACK_COMPONENTS_ALL jsonx_cli)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)

# libjsonx-dev. Its users compile the headers (C++20) and link the static libraries, which were
# built against this compiler's C++ library: they need that library's development package
# (g++ brings it; clang users need it as well) and nothing else, since threads are in libc
# and fast_float and Dragonbox are compiled into the libraries (header-only, used privately).
# Boost is only for two optional, header-only parts: the Boost.Iostreams adapters and gzip
# source (jsonx::stream_iostreams, jsonx-iostreams.pc; they link Boost.Iostreams and, through
# it, zlib) and Boost.Describe descriptions in typed binding. Suggested, not required: a user of
# the rest never needs Boost, and jsonxConfig.cmake loads jsonx::stream_iostreams only where
# Boost.Iostreams is found.
set(CPACK_DEBIAN_JSONX_DEV_PACKAGE_NAME libjsonx-dev)
set(CPACK_DEBIAN_JSONX_DEV_PACKAGE_SECTION libdevel)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  string(REGEX MATCH "^[0-9]+" jsonx_gcc_major "${CMAKE_CXX_COMPILER_VERSION}")
  set(jsonx_cxx_library_dev "libstdc++-${jsonx_gcc_major}-dev")
else()
  # Clang on Debian uses GCC's libstdc++; bookworm's is 12.
  set(jsonx_cxx_library_dev "libstdc++-12-dev | libstdc++-dev")
endif()
set(CPACK_DEBIAN_JSONX_DEV_PACKAGE_DEPENDS "${jsonx_cxx_library_dev}")
set(jsonx_dev_suggests "pkgconf | pkg-config, cmake")
if(TARGET jsonx_stream_iostreams)
  # Found again by cmake/install.cmake, so Boost_VERSION_* are set here.
  set(jsonx_boost "${Boost_VERSION_MAJOR}.${Boost_VERSION_MINOR}")
  string(APPEND jsonx_dev_suggests
         ", libboost-iostreams${jsonx_boost}-dev, libboost${jsonx_boost}-dev")
endif()
set(CPACK_DEBIAN_JSONX_DEV_PACKAGE_SUGGESTS "${jsonx_dev_suggests}")
set(CPACK_COMPONENT_JSONX_DEV_DESCRIPTION
    "resumable SIMD JSON push parser for C++20 - development files
jsonx is a C++20 JSON library built around a resumable SIMD push parser: bytes
are fed in chunks of any size, cut anywhere, and a handler receives the events
as it would for the whole buffer. Structural indexing with AVX-512, AVX2 or
portable kernels chosen at run time; a flat DOM and a mutable value; a
streaming writer; typed binding of described structs; stream decoders and
encoders for NDJSON and JSON text sequences, in parallel too.
.
This package holds the headers, the static libraries, the CMake package
(find_package(jsonx): jsonx::jsonx, one target a layer) and the pkg-config
files jsonx.pc and jsonx-iostreams.pc.")

# jsonx, the tool: its run-time libraries (the C++ library, Boost.Iostreams) found by
# dpkg-shlibdeps from the program itself.
set(CPACK_DEBIAN_JSONX_CLI_PACKAGE_NAME jsonx)
set(CPACK_DEBIAN_JSONX_CLI_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_JSONX_CLI_PACKAGE_SHLIBDEPS ON)
set(CPACK_COMPONENT_JSONX_CLI_DESCRIPTION
    "streaming JSON validator, formatter and query tool
jsonx validates, counts, pretty-prints, minifies and queries (RFC 6901 JSON
Pointer) JSON documents, NDJSON and RFC 7464 JSON text sequences, from files,
pipes or gzip-compressed input, in bounded memory: the input is read in chunks
and fed to the jsonx push parser as it arrives. NDJSON can be parsed on every
core. Errors name the line and column, with a caret under the excerpt.")
# The program is stripped in the package (Debian ships debugging symbols apart); the static
# libraries are not: stripping an archive would remove the symbols its users link against.
set(CPACK_STRIP_FILES "${CMAKE_INSTALL_BINDIR}/jsonx")

# Debian policy: every package carries its copyright file in /usr/share/doc/<package>/. Only
# in the packages (EXCLUDE_FROM_ALL: a component install, which CPack does, installs them; a
# plain `cmake --install` does not).
set(jsonx_license_file "")
foreach(candidate LICENSE LICENSE.txt LICENSE.md COPYING)
  if(EXISTS "${PROJECT_SOURCE_DIR}/${candidate}")
    set(jsonx_license_file "${PROJECT_SOURCE_DIR}/${candidate}")
    break()
  endif()
endforeach()
if(jsonx_license_file)
  file(READ "${jsonx_license_file}" jsonx_license_text)
else()
  set(jsonx_license_text "The jsonx source tree states no license yet (no LICENSE file).\n")
endif()
# The years and date of the source, from git where the tree is a clone (so that the files do
# not change from one configure to the next), else from now (or SOURCE_DATE_EPOCH).
find_package(Git QUIET)
set(jsonx_source_years "")
set(jsonx_source_date "")
if(GIT_FOUND)
  execute_process(COMMAND "${GIT_EXECUTABLE}" log --format=%cd --date=format:%Y
                  WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
                  RESULT_VARIABLE git_status OUTPUT_VARIABLE git_years ERROR_QUIET
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env TZ=UTC "${GIT_EXECUTABLE}" log -1
                          "--date=format-local:%a, %d %b %Y %H:%M:%S +0000" --format=%cd
                  WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
                  OUTPUT_VARIABLE git_date ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(git_status EQUAL 0 AND git_years AND git_date)
    string(REPLACE "\n" ";" git_years "${git_years}")
    list(SORT git_years)
    list(GET git_years 0 first_year)
    list(GET git_years -1 last_year)
    set(jsonx_source_years "${first_year}")
    if(NOT first_year STREQUAL last_year)
      set(jsonx_source_years "${first_year}-${last_year}")
    endif()
    set(jsonx_source_date "${git_date}")
  endif()
endif()
if(NOT jsonx_source_date)
  string(TIMESTAMP jsonx_source_years "%Y" UTC)
  string(TIMESTAMP jsonx_source_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
endif()

# A free-form copyright file (not the machine-readable format, which needs a License field).
file(WRITE "${PROJECT_BINARY_DIR}/packaging/copyright.tmp"
     "jsonx ${PROJECT_VERSION}, packaged by CPack from the jsonx source tree.\n\n"
     "Maintainer: ${JSONX_PACKAGE_MAINTAINER}\n\n"
     "Copyright ${jsonx_source_years} the jsonx developers\n\n"
     "License:\n\n${jsonx_license_text}")
configure_file("${PROJECT_BINARY_DIR}/packaging/copyright.tmp"
               "${PROJECT_BINARY_DIR}/packaging/copyright" COPYONLY)

# Debian policy too: a changelog in /usr/share/doc/<package>/, for a native package (a version
# without a Debian revision) changelog.gz in Debian's format. One entry, for this version; the
# project's history is its git log.
set(jsonx_package_docs "${PROJECT_BINARY_DIR}/packaging/copyright")
find_program(JSONX_GZIP gzip)
mark_as_advanced(JSONX_GZIP)
if(JSONX_GZIP)
  file(WRITE "${PROJECT_BINARY_DIR}/packaging/changelog"
       "jsonx (${PROJECT_VERSION}) unstable; urgency=medium\n\n"
       "  * jsonx ${PROJECT_VERSION}, packaged by CPack from the jsonx source tree.\n\n"
       " -- ${JSONX_PACKAGE_MAINTAINER}  ${jsonx_source_date}\n")
  # -n: no name or time in the gzip header, the same bytes from one configure to the next.
  execute_process(COMMAND "${JSONX_GZIP}" -9nc "${PROJECT_BINARY_DIR}/packaging/changelog"
                  OUTPUT_FILE "${PROJECT_BINARY_DIR}/packaging/changelog.gz"
                  RESULT_VARIABLE gzip_status)
  if(NOT gzip_status EQUAL 0)
    message(FATAL_ERROR "gzip of the Debian changelog failed (${gzip_status})")
  endif()
  list(APPEND jsonx_package_docs "${PROJECT_BINARY_DIR}/packaging/changelog.gz")
endif()
install(FILES ${jsonx_package_docs}
        DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/doc/libjsonx-dev"
        COMPONENT jsonx_dev EXCLUDE_FROM_ALL)
if(TARGET jsonx_cli)
  install(FILES ${jsonx_package_docs}
          DESTINATION "${CMAKE_INSTALL_DATAROOTDIR}/doc/jsonx"
          COMPONENT jsonx_cli EXCLUDE_FROM_ALL)
endif()

# include(CPack) also defines `package_source`: a tarball of the source tree, without the
# repository, build trees and packages.
set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_PACKAGE_FILE_NAME "jsonx-${PROJECT_VERSION}")
set(CPACK_SOURCE_IGNORE_FILES "/\\.git/" "/\\.git$" "/build[^/]*/" "/_CPack_Packages/" "\\.deb$")

include(CPack)
