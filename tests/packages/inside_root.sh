#!/usr/bin/env bash
# Run by install_test.sh inside the fresh Debian 12 root, as root: installs the two packages
# from /tmp/debs with apt and uses them as a user would. /tmp/src holds the consumers.
#   inside_root.sh VERSION LIBDIR
set -euo pipefail
version=$1 libdir=$2
fail() { echo "in the root: $*" >&2; exit 1; }
started=$(date +%s)
note() { echo "  [$(($(date +%s) - started)) s in the root] $*"; }
quiet() { "$@" >/tmp/step.log 2>&1 || { cat /tmp/step.log >&2; fail "'$*' failed"; }; }

# The packages and what a user builds with; apt resolves their dependencies (jsonx's from
# dpkg-shlibdeps, libjsonx-dev's) from the mirror. Nothing recommended, nothing suggested.
quiet apt-get update
cd /tmp/debs
quiet apt-get install -y --no-install-recommends ./libjsonx-dev_*.deb ./jsonx_*.deb \
  g++ cmake ninja-build pkg-config man-db gzip
note "installed the packages, g++, cmake, ninja-build, pkg-config, man-db"
for package in jsonx libjsonx-dev; do
  [ "$(dpkg-query -W -f '${Status} ${Version}' "$package")" = "install ok installed $version" ] ||
    fail "$package $version is not installed"
done

# The tool.
[ "$(jsonx --version)" = "jsonx $version" ] || fail "jsonx --version: $(jsonx --version)"
cd /tmp
printf '{"name": "jsonx", "tags": ["fast", "streaming"]}\n' >valid.json
printf '{"name": "jsonx",\n "tags": ["fast" "streaming"]}\n' >invalid.json
gzip -c valid.json >valid.json.gz
output=$(jsonx validate valid.json) || fail "jsonx validate valid.json failed: $output"
[ "$output" = "valid.json: valid JSON (49 bytes)" ] || fail "jsonx validate valid.json: $output"
# gzip input goes through Boost.Iostreams, a run-time dependency found by dpkg-shlibdeps.
output=$(jsonx validate valid.json.gz) || fail "jsonx validate valid.json.gz failed: $output"
[ "$output" = "valid.json.gz: valid JSON (49 bytes)" ] || fail "jsonx validate valid.json.gz: $output"
status=0
message=$(jsonx validate invalid.json 2>&1) || status=$?
[ "$status" -eq 1 ] || fail "jsonx validate invalid.json exited with $status, not 1: $message"
case $message in
  "jsonx: invalid.json: expected ',' or ']' after an array element at line 2, column 18 (byte 35)"*) ;;
  *) fail "jsonx validate invalid.json said: $message" ;;
esac
[ "$(jsonx get valid.json /tags/1)" = '"streaming"' ] || fail "jsonx get: $(jsonx get valid.json /tags/1)"
note "jsonx: validate, gzip input, the invalid file (exit 1) and get as expected"

# The manual page: installed, found by man, formatted without warnings.
page=/usr/share/man/man1/jsonx.1.gz
[ -f "$page" ] || fail "no $page"
[ "$(man -w jsonx)" = "$page" ] || fail "man -w jsonx: $(man -w jsonx)"
rendered=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>/tmp/man.err) ||
  fail "man -l $page failed: $(cat /tmp/man.err)"
[ ! -s /tmp/man.err ] || fail "man --warnings -l $page warns: $(cat /tmp/man.err)"
for heading in NAME SYNOPSIS OPTIONS "EXIT STATUS" ENVIRONMENT; do
  grep -q "^$heading\$" <<<"$rendered" || fail "the formatted page has no $heading"
done
grep -q "JSONX_KERNEL" <<<"$rendered" || fail "the formatted page does not mention JSONX_KERNEL"
note "man: $page renders without warnings"

# With only libjsonx-dev's dependencies (no Boost): pkg-config and CMake users of the core.
export PKG_CONFIG=pkg-config CXX=g++
bash /tmp/src/pkgconfig/run_pkgconfig_consumer.sh /tmp/src/pkgconfig /tmp/work/pkgconfig-core \
  "$version" core "/usr/$libdir/pkgconfig"
mkdir -p /tmp/core_cmake
cat >/tmp/core_cmake/CMakeLists.txt <<'CMAKE'
# find_package(jsonx) with libjsonx-dev's dependencies only: the core targets, no Boost.
cmake_minimum_required(VERSION 3.25)
project(core_consumer LANGUAGES CXX)
find_package(jsonx 0.1 REQUIRED)
if(TARGET jsonx::stream_iostreams)
  message(FATAL_ERROR "jsonx::stream_iostreams is defined without Boost.Iostreams installed")
endif()
add_executable(readme_example /tmp/src/readme_example.cpp)
target_link_libraries(readme_example PRIVATE jsonx::jsonx)
CMAKE
quiet cmake -S /tmp/core_cmake -B /tmp/work/core_cmake -G Ninja -DCMAKE_BUILD_TYPE=Release
quiet cmake --build /tmp/work/core_cmake
output=$(/tmp/work/core_cmake/readme_example) || fail "readme_example failed: $output"
grep -q "^3 keys, total 10.25$" <<<"$output" || fail "readme_example printed: $output"
note "find_package(jsonx) without Boost: readme_example built and ran"

# With the Boost.Iostreams package libjsonx-dev suggests: the adapters and gzip source, from
# CMake (tests/consumer/project, which asks for COMPONENTS stream_iostreams) and pkg-config.
quiet apt-get install -y --no-install-recommends libboost-iostreams1.81-dev
note "installed libboost-iostreams1.81-dev"
quiet cmake -S /tmp/src/project -B /tmp/work/project -G Ninja -DCMAKE_BUILD_TYPE=Release
quiet cmake --build /tmp/work/project
output=$(/tmp/work/project/consumer) || fail "the find_package consumer failed: $output"
case $output in
  "consumer: parsed with the "*" kernel: "*) echo "$output" ;;
  *) fail "the find_package consumer printed: $output" ;;
esac
bash /tmp/src/pkgconfig/run_pkgconfig_consumer.sh /tmp/src/pkgconfig /tmp/work/pkgconfig-all \
  "$version" iostreams "/usr/$libdir/pkgconfig"
note "in the root: every check passed"
