# Cross build for aarch64 (64-bit Arm Linux) on a Debian 12 x86-64 host, with Debian's cross
# compiler (g++-aarch64-linux-gnu) and multiarch's arm64 packages (dpkg --add-architecture arm64;
# libgtest-dev:arm64, ...), the tests run under qemu-user (qemu-aarch64):
#
#   cmake -S . -B build-aarch64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
#
# .ci/aarch64 installs all of it, builds the suite and runs it under qemu.
#
# Multiarch has no separate sysroot: the arm64 packages install into / beside the host's, their
# libraries and CMake package files under /usr/lib/aarch64-linux-gnu (the host's are under
# /usr/lib/x86_64-linux-gnu), their headers in /usr/include (shared by every architecture) or
# /usr/include/aarch64-linux-gnu. So the root path is /, and what keeps the host's libraries out
# is the library architecture (searched first, and the only one searched for package files) and
# the x86-64 folders being ignored.
#
# One exception: libsimdjson-dev is not "Multi-Arch: same", so its arm64 package cannot be
# installed beside the amd64 one (apt would remove the host's, which the native build needs).
# Its files are extracted instead (dpkg-deb -x, by .ci/aarch64) into JSONX_ARM64_EXTRA_PREFIX
# (default /opt/jsonx-arm64-sysroot/usr), its library symlinked to the runtime package's
# (libsimdjson14:arm64 is Multi-Arch: same); that prefix is searched first.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

# find_package() and find_library() look in <prefix>/lib/aarch64-linux-gnu (and its cmake/
# folder) before <prefix>/lib.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

if(NOT DEFINED JSONX_ARM64_EXTRA_PREFIX)
  if(DEFINED ENV{JSONX_ARM64_EXTRA_PREFIX})
    set(JSONX_ARM64_EXTRA_PREFIX "$ENV{JSONX_ARM64_EXTRA_PREFIX}")
  else()
    set(JSONX_ARM64_EXTRA_PREFIX /opt/jsonx-arm64-sysroot/usr)
  endif()
endif()
# (The toolchain file is read again for each try_compile: append once.)
if(NOT JSONX_ARM64_EXTRA_PREFIX IN_LIST CMAKE_PREFIX_PATH)
  list(PREPEND CMAKE_PREFIX_PATH "${JSONX_ARM64_EXTRA_PREFIX}")
endif()

# Never an x86-64 library or header folder, even if a hint or a package file pointed there (the
# link would fail late, with a confusing "file in wrong format").
set(CMAKE_IGNORE_PATH /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu
                      /usr/include/x86_64-linux-gnu)

# Programs (cmake, ninja, gzip, qemu) are the host's; libraries, headers and packages the
# target's, which live under the root / (see above): with that one root, "ONLY" searches the
# usual prefixes, and the library architecture does the selecting.
set(CMAKE_FIND_ROOT_PATH /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Test programs run under qemu-user: add_test() of an executable target and
# gtest_discover_tests() (which lists a binary's tests at build time) prefix the emulator
# themselves; the tests' CMake scripts are passed ${CMAKE_CROSSCOMPILING_EMULATOR}.
# The binaries ask for the loader /lib/ld-linux-aarch64.so.1, which libc6:arm64 (a dependency of
# every arm64 -dev package) installs on the host, and the host's loader cache lists the arm64
# library folders: qemu needs no -L then. Without libc6:arm64, -L makes qemu take the loader and
# libc of the cross compiler's own copy (libc6-arm64-cross).
find_program(JSONX_QEMU_AARCH64 qemu-aarch64)
if(NOT JSONX_QEMU_AARCH64)
  message(WARNING "qemu-aarch64 not found (Debian: qemu-user): the tests cannot be run here")
elseif(EXISTS /lib/ld-linux-aarch64.so.1)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${JSONX_QEMU_AARCH64})
else()
  set(CMAKE_CROSSCOMPILING_EMULATOR ${JSONX_QEMU_AARCH64} -L /usr/aarch64-linux-gnu)
endif()
