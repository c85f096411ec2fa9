#!/usr/bin/env bash
# Installs the Rust-side build tools when they are missing (fast no-op otherwise).
set -euo pipefail
WASM_BINDGEN_VERSION=$(grep -A1 'name = "wasm-bindgen"' Cargo.lock | sed -n 's/version = "\(.*\)"/\1/p' | head -1)

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "installing the wasm32 target"
  rustup target add wasm32-unknown-unknown
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  echo "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  # No --locked: it pins a dependency version the registry mirror does not carry.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi
if ! command -v wasm-pack >/dev/null; then
  echo "installing wasm-pack (a few minutes, once)"
  cargo install wasm-pack --locked
fi
