#!/usr/bin/env bash
# Prints this machine's folder name under a package's Bin~ (linux-x64, linux-arm64, osx-arm64, osx-x64),
# the names the Core and Pro packages and the host use (docs/pro.md); fails on a machine without one.
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) echo linux-x64 ;;
  Linux-aarch64) echo linux-arm64 ;;
  Darwin-arm64) echo osx-arm64 ;;
  Darwin-x86_64) echo osx-x64 ;;
  *) echo "no package layout for $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac
