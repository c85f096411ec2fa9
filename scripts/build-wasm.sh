#!/usr/bin/env bash
# Builds wasm/ into two modules with wasm-pack: pkg/ (feature "forms": what every page
# loads) and pkg-tools/ (feature "tools": IVR flows, rate decks and call rules, loaded
# with the pages that use them), then shrinks each with binaryen's wasm-opt from npm
# (wasm-pack's own download of binaryen cannot work offline, and Debian's binaryen 108
# produces modules that break at run time).
set -euo pipefail
# Smallest over fastest for the browser's modules only (the server's release profile
# is left alone): optimised for size, one codegen unit and whole-program LTO take the
# forms module from 110 KB to 98 KB gzip.
export CARGO_PROFILE_RELEASE_OPT_LEVEL=z CARGO_PROFILE_RELEASE_LTO=fat \
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 CARGO_PROFILE_RELEASE_PANIC=abort
OPT=app/node_modules/.bin/wasm-opt
build() { # feature out-dir out-name
  wasm-pack --log-level warn build wasm --release --target bundler --out-dir "../$2" --out-name "$3" \
    -- --no-default-features --features "$1"
  local wasm="$2/$3_bg.wasm"
  if [ -x "$OPT" ]; then
    local before
    before=$(stat -c %s "$wasm")
    "$OPT" -Oz "$wasm" -o "$wasm.opt" && mv "$wasm.opt" "$wasm"
    echo "wasm-opt $3: $before -> $(stat -c %s "$wasm") bytes ($(gzip -9c "$wasm" | wc -c) gzip)"
  fi
}
build forms pkg dialtone_core
build tools pkg-tools dialtone_tools
