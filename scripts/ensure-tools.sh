#!/usr/bin/env bash
# Installs the Rust-side build tools when they are missing (fast no-op otherwise).
set -euo pipefail
WASM_BINDGEN_VERSION=$(grep -A1 'name = "wasm-bindgen"' Cargo.lock | sed -n 's/version = "\(.*\)"/\1/p' | head -1)

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "installing the wasm32 target"
  rustup target add wasm32-unknown-unknown
fi
# Both tools are built unoptimised (--debug): that halves their build on a fresh machine
# (wasm-bindgen-cli 155 s -> 67 s, wasm-pack 130 s -> 65 s on 2 cores), and they only
# drive the build and rewrite a 1.4 MB module (wasm-bindgen 0.1 s -> 0.5 s).
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  echo "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about a minute, once)"
  # No --locked: it pins a dependency version the registry mirror does not carry.
  cargo install --debug wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi
if ! command -v wasm-pack >/dev/null; then
  echo "installing wasm-pack (about a minute, once)"
  cargo install --debug wasm-pack --locked
fi
