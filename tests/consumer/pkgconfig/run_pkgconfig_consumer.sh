#!/bin/sh
# Builds and runs the pkg-config consumers against whatever jsonx pkg-config finds (an install
# prefix through PKG_CONFIG_PATH, or /usr from the Debian package), as a user without CMake
# would: `c++ -std=c++20 prog.cpp $(pkg-config --cflags --libs jsonx)`.
#   run_pkgconfig_consumer.sh SOURCE_DIR WORK_DIR VERSION core|iostreams|all [PC_DIR]
#     core: jsonx.pc (pkgconfig_consumer.cpp); iostreams: jsonx-iostreams.pc
#     (iostreams_consumer.cpp, needs Boost.Iostreams); all: both. PC_DIR: where jsonx.pc must
#     be found.
#   Environment: CXX (default c++), CXXFLAGS, PKG_CONFIG (default pkg-config).
set -eu
source_dir=$1 work_dir=$2 version=$3 parts=$4 pc_dir=${5:-}
cxx=${CXX:-c++}
pkg_config=${PKG_CONFIG:-pkg-config}

fail() { echo "pkg-config consumer: $*" >&2; exit 1; }

"$pkg_config" --exists jsonx || fail "pkg-config finds no jsonx (PKG_CONFIG_PATH=${PKG_CONFIG_PATH:-})"
found_version=$("$pkg_config" --modversion jsonx)
[ "$found_version" = "$version" ] || fail "jsonx.pc says version $found_version, not $version"
if [ -n "$pc_dir" ]; then
  found_dir=$(cd "$("$pkg_config" --variable=pcfiledir jsonx)" && pwd -P)
  [ "$found_dir" = "$(cd "$pc_dir" && pwd -P)" ] || fail "jsonx.pc found in $found_dir, not $pc_dir"
fi
# The directories it names hold the headers and the libraries.
includedir=$("$pkg_config" --variable=includedir jsonx)
libdir=$("$pkg_config" --variable=libdir jsonx)
[ -f "$includedir/jsonx/jsonx.hpp" ] || fail "no jsonx/jsonx.hpp in includedir $includedir"
for layer in simd index sax encode dom bind stream; do
  [ -f "$libdir/libjsonx_$layer.a" ] || fail "no libjsonx_$layer.a in libdir $libdir"
done

mkdir -p "$work_dir"
if [ "$parts" != iostreams ]; then
  # Word splitting of the flags is wanted here, as in a user's Makefile.
  # shellcheck disable=SC2046
  "$cxx" -std=c++20 ${CXXFLAGS:-} -o "$work_dir/pkgconfig_consumer" \
    "$source_dir/pkgconfig_consumer.cpp" $("$pkg_config" --cflags --libs jsonx) ||
    fail "compiling and linking with $("$pkg_config" --cflags --libs jsonx) failed"
  output=$("$work_dir/pkgconfig_consumer") || fail "pkgconfig_consumer failed: $output"
  case $output in
    'pkgconfig consumer: {"name":"jsonx","layers":[1,2,3]}, 3 values; refused: '*) ;;
    *) fail "unexpected output: $output" ;;
  esac
  echo "$output"
fi

if [ "$parts" != core ]; then
  "$pkg_config" --exists jsonx-iostreams || fail "pkg-config finds no jsonx-iostreams"
  # shellcheck disable=SC2046
  "$cxx" -std=c++20 ${CXXFLAGS:-} -o "$work_dir/iostreams_consumer" \
    "$source_dir/iostreams_consumer.cpp" $("$pkg_config" --cflags --libs jsonx-iostreams) ||
    fail "compiling and linking with $("$pkg_config" --cflags --libs jsonx-iostreams) failed"
  output=$("$work_dir/iostreams_consumer") || fail "iostreams_consumer failed: $output"
  [ "$output" = 'iostreams consumer: {"gz":true}[1,2]' ] || fail "unexpected output: $output"
  echo "$output"
fi
