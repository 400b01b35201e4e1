#!/usr/bin/env bash
# A real qBittorrent 5.x for the tests, next to the machine's 4.x: a minimal Debian chroot (Debian packages only)
# holding qbittorrent-nox from Debian sid (5.2+, whose login answers 204 and sets QBT_SID_<port>), and
# transmission-daemon 4.x beside the machine's 3.00 (its RPC changed: simulators/real-transmission.ts).
#
#   scripts/qbittorrent-chroot.sh [build]      builds it once into the cache folder (needs root); fast when built
#   scripts/qbittorrent-chroot.sh path         prints the chroot folder (built or not)
#   scripts/qbittorrent-chroot.sh exec [--program transmission-daemon] SHARED... -- ARGS...
#       runs the chroot's qbittorrent-nox (or the program named) with ARGS. Meant to run under `unshare --mount --propagation private`
#       (simulators/real-qbittorrent.ts does): every mount (/proc, /dev, a fresh /tmp, each SHARED host folder at
#       the same path inside) lives in that private mount namespace and vanishes with the process, even when a
#       test is killed; qbittorrent-nox replaces this shell, so stopping that one pid stops everything.
#
# Environment: MEDIASTACK_QBT5_CHROOT (folder; default ${XDG_CACHE_HOME:-$HOME/.cache}/mediastack-qbt5),
# MEDIASTACK_QBT5_SUITE (default sid), MEDIASTACK_DEBIAN_MIRROR (default http://deb.debian.org/debian).
set -euo pipefail

root="${MEDIASTACK_QBT5_CHROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/mediastack-qbt5}"
suite="${MEDIASTACK_QBT5_SUITE:-sid}"
mirror="${MEDIASTACK_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# Written last by a successful build: the installed qbittorrent-nox version.
marker="$root/.mediastack-qbt5"

build () {
  if [ -f "$marker" ] && [ -x "$root/usr/bin/qbittorrent-nox" ] && [ -x "$root/usr/bin/transmission-daemon" ]; then
    echo "qBittorrent 5 chroot: $root (qbittorrent-nox $(cat "$marker"), already built)"
    return 0
  fi
  if [ "$(id -u)" != 0 ]; then
    echo "qBittorrent 5 chroot: building $root needs root (debootstrap); run: sudo -E $0" >&2
    return 1
  fi
  command -v debootstrap >/dev/null || { echo "qBittorrent 5 chroot: debootstrap is not installed (apt-get install debootstrap)" >&2; return 1; }
  local started
  started=$(date +%s)
  mkdir -p "$(dirname "$root")"
  # Built beside the final folder and renamed at the end, so an interrupted build never looks finished.
  tmp="$root.building.$$"
  trap 'rm -rf --one-file-system "$tmp" "$tmp.log"' EXIT
  trap 'exit 143' TERM INT
  echo "qBittorrent 5 chroot: debootstrap $suite into $root (minbase + qbittorrent-nox, transmission-daemon)"
  debootstrap --variant=minbase --include=qbittorrent-nox,transmission-daemon --components=main "$suite" "$tmp" "$mirror" >"$tmp.log" 2>&1 || {
    tail -n 30 "$tmp.log" >&2; return 1
  }
  rm -f "$tmp.log"
  rm -rf "$tmp"/var/cache/apt/archives/*.deb "$tmp"/var/lib/apt/lists/* "$tmp"/usr/share/{doc,man,info}
  dpkg-query --admindir="$tmp/var/lib/dpkg" -W -f='${Version}' qbittorrent-nox >"$tmp/.mediastack-qbt5"
  dpkg-query --admindir="$tmp/var/lib/dpkg" -W -f='${Version}' transmission-daemon >"$tmp/.mediastack-transmission4"
  rm -rf --one-file-system "$root"
  mv "$tmp" "$root"
  trap - EXIT TERM INT
  echo "qBittorrent 5 chroot: qbittorrent-nox $(cat "$marker"), transmission-daemon $(cat "$root/.mediastack-transmission4") built in $(($(date +%s) - started)) s"
}

run () {
  local program=qbittorrent-nox shared=()
  if [ "${1:-}" = --program ]; then
    case "${2:-}" in qbittorrent-nox|transmission-daemon) program=$2 ;; *) echo "exec --program: qbittorrent-nox or transmission-daemon" >&2; exit 2 ;; esac
    shift 2
  fi
  while [ $# -gt 0 ] && [ "$1" != -- ]; do shared+=("$1"); shift; done
  [ "${1:-}" = -- ] && shift
  [ -f "$marker" ] || { echo "qBittorrent 5 chroot not built at $root: run scripts/qbittorrent-chroot.sh as root" >&2; exit 1; }
  # Only safe inside a private mount namespace: refuse to mount into the host's.
  [ "$(readlink /proc/self/ns/mnt)" != "$(readlink /proc/1/ns/mnt)" ] || { echo "exec must run under unshare --mount" >&2; exit 1; }
  mount --make-rprivate /
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"
  mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
  for dir in "${shared[@]}"; do
    mkdir -p "$root$dir"
    mount --bind "$dir" "$root$dir"
  done
  exec chroot "$root" "/usr/bin/$program" "$@"
}

case "${1:-build}" in
  build) build ;;
  path) echo "$root" ;;
  exec) shift; run "$@" ;;
  *) echo "usage: $0 [build|path|exec SHARED... -- ARGS...]" >&2; exit 2 ;;
esac
