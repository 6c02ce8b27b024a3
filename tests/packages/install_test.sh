#!/usr/bin/env bash
# The Debian packages from a user's side: make them (cpack -G DEB in the build tree), install
# them with apt in a fresh, minimal Debian 12 root (debootstrap --variant=minbase bookworm) and
# use them there: the jsonx tool and its manual page, then a pkg-config consumer and CMake
# consumers built against /usr, first with only what libjsonx-dev depends on, then with the
# Boost.Iostreams package it suggests.
#   install_test.sh BUILD_DIR SOURCE_DIR VERSION LIBDIR
# LIBDIR is CMAKE_INSTALL_LIBDIR (lib, or lib/x86_64-linux-gnu for a /usr-configured tree).
# Needs root, debootstrap and the Debian mirror (network); exits 77 (ctest: skipped) without
# root or debootstrap. The pristine root is cached as a tarball in $JSONX_DEBOOTSTRAP_CACHE
# (default BUILD_DIR/packages_test), with the .deb files apt downloads in it, so only the first
# run pays for debootstrap and the downloads.
set -euo pipefail

build_dir=$(cd "$1" && pwd) source_dir=$(cd "$2" && pwd) version=$3 libdir=$4
skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "package test: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || skip "the package test needs root (chroot, mounts)"
command -v debootstrap >/dev/null || skip "debootstrap is not installed (apt-get install debootstrap)"

cache_dir=${JSONX_DEBOOTSTRAP_CACHE:-$build_dir/packages_test}
tarball=$cache_dir/bookworm-minbase.tar
work=$build_dir/packages_test/work
root=$work/root
mkdir -p "$cache_dir" "$work"
started=$(date +%s)
step() { echo "[$(($(date +%s) - started)) s] $*"; }

# The packages, made afresh from the build tree (cpack installs what the build made; the
# ctest runs after the build).
step "making the packages"
rm -f "$build_dir"/libjsonx-dev_*.deb "$build_dir"/jsonx_*.deb
(cd "$build_dir" && cpack -G DEB --config CPackConfig.cmake >"$work/cpack.log" 2>&1) ||
  fail "cpack failed: $(cat "$work/cpack.log")"
debs=("$build_dir"/libjsonx-dev_"$version"_*.deb "$build_dir"/jsonx_"$version"_*.deb)
for deb in "${debs[@]}"; do [ -f "$deb" ] || fail "cpack made no $deb"; done

unmount_all() {
  for mount_point in var/cache/apt/archives dev sys proc; do
    umount -l "$root/$mount_point" 2>/dev/null || true
  done
  if mountpoint -q "$root"; then umount -l "$root" || true; fi
}
still_mounted() {
  awk -v r="$root" '$2 == r || index($2, r "/") == 1 {found = 1} END {exit !found}' /proc/mounts
}
# Unmount before removing or unpacking anything (a left-over bind mount of /dev under $root
# would make rm -rf reach the host's /dev), and again on any exit.
unmount_all
trap unmount_all EXIT
still_mounted && fail "file systems are still mounted under $root; not removing it"
rm -rf "$root"
mkdir -p "$root"
# The root lives in memory (about 1.5 GB at the end) unless JSONX_PACKAGE_TEST_TMPFS=0: dpkg
# unpacking Boost's headers and removing the root afterwards are disk-bound and slow on a busy
# disk, and unmounting frees it all at once.
if [ "${JSONX_PACKAGE_TEST_TMPFS:-1}" != 0 ]; then
  mount -t tmpfs -o size=6g,mode=0755 jsonx-package-test "$root"
fi

# The mirror apt uses on this machine, for debootstrap too.
mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
if [ ! -f "$tarball" ]; then
  step "debootstrap --variant=minbase bookworm ${mirror:-(default mirror)} (cached in $tarball)"
  debootstrap --variant=minbase bookworm "$root" ${mirror:+"$mirror"} >"$work/debootstrap.log" 2>&1 ||
    fail "debootstrap failed; see $work/debootstrap.log"
  tar -C "$root" -cf "$tarball.part" .
  mv "$tarball.part" "$tarball"
else
  step "unpacking a fresh root from $tarball"
  tar -C "$root" -xf "$tarball"
fi
# apt in the root: this machine's name servers and sources (the same suites and mirror as the
# host, so the same package versions); the sources.list debootstrap wrote would repeat them.
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
  cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/"
  rm -f "$root/etc/apt/sources.list"
fi
mkdir -p "$root/tmp/debs" "$root/tmp/src"
cp "${debs[@]}" "$root/tmp/debs/"
cp -r "$source_dir/tests/consumer/project" "$source_dir/tests/consumer/pkgconfig" \
  "$source_dir/tests/consumer/readme_example.cpp" "$root/tmp/src/"
cp "$source_dir/tests/packages/inside_root.sh" "$root/tmp/src/"

# The .deb files apt downloads are kept between runs (the root itself is thrown away).
mkdir -p "$cache_dir/apt-archives/partial"
mount --bind "$cache_dir/apt-archives" "$root/var/cache/apt/archives"
mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys"
mount --rbind /dev "$root/dev"

step "installing and using the packages in the root"
chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb DEBIAN_FRONTEND=noninteractive \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  bash /tmp/src/inside_root.sh "$version" "$libdir" || fail "the checks in the root failed"

step "the checks passed; removing the root"
unmount_all
still_mounted || rm -rf "$root"
step "the packages install and work in a fresh Debian 12"
