#!/usr/bin/env bash
# Builds wasm/ into pkg/ with wasm-pack, then shrinks it with binaryen's wasm-opt
# from npm (wasm-pack's own download of binaryen cannot work offline, and Debian's
# binaryen 108 produces modules that break at run time).
set -euo pipefail
wasm-pack --log-level warn build wasm --release --target bundler --out-dir ../pkg --out-name dialtone_core
WASM=pkg/dialtone_core_bg.wasm
OPT=app/node_modules/.bin/wasm-opt
if [ -x "$OPT" ]; then
  before=$(stat -c %s "$WASM")
  "$OPT" -Oz "$WASM" -o "$WASM.opt" && mv "$WASM.opt" "$WASM"
  echo "wasm-opt: $before -> $(stat -c %s "$WASM") bytes ($(gzip -9c "$WASM" | wc -c) gzip)"
fi
