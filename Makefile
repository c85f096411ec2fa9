# Dialtone: the only entry point. `make run` and `make test` work on a fresh machine;
# every install step is skipped when already done.
SHELL := /bin/bash
.DEFAULT_GOAL := run
export PATH := $(HOME)/.cargo/bin:$(PATH)

WASM_SOURCES := $(shell find core/src wasm/src -name '*.rs') core/Cargo.toml wasm/Cargo.toml Cargo.lock scripts/build-wasm.sh
APP_SOURCES := $(shell find app/src app/public -type f 2>/dev/null) app/index.html app/vite.config.ts app/package.json

.PHONY: run test test-ready lint bench tour deps tools npm-deps test-deps wasm app server clean

## Build everything and serve it at http://127.0.0.1:8080 on the embedded SQLite database,
## with the SIP switch on 127.0.0.1:5060 (DIALTONE_SWITCH=0 leaves it out).
run: deps wasm app
	@[ "$${DIALTONE_SWITCH:-1}" = 0 ] || scripts/ensure-switch.sh
	@scripts/ensure-ivr.sh
	cargo build --release -p dialtone-server
	scripts/run.sh

## Run every test: Rust (SQLite and PostgreSQL), the vectors through wasm, vitest, Chromium e2e.
test:
	@$(MAKE) --no-print-directory -j3 test-ready
	scripts/test-all.sh

# What the tests need, made side by side: the installs of test-deps wait on the network
# and the disk while the Rust tools compile (about 2 of a fresh machine's minutes).
test-ready: deps test-deps wasm app

## Measure: release builds, figures printed (nothing fails on time).
bench: deps test-deps wasm app
	scripts/bench.sh

## Formatting, clippy with warnings as errors, tsc, eslint and prettier.
lint: deps wasm
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets --features dialtone-core/bench -- -D warnings
	cd app && npm run typecheck && npm run lint

## Screenshots of every route at 375 and 1440 px, with an index page, in target/tour/.
tour: deps wasm app
	cargo build -p dialtone-server
	scripts/tour.sh

deps: tools npm-deps

# "+": cargo shares make's job slots when the targets run side by side (make test).
tools:
	+@scripts/ensure-tools.sh

npm-deps: app/node_modules/.package-lock.json

# npm install, not npm ci: with this registry's settings npm leaves other platforms'
# optional packages (Tailwind's native binaries) out of the lock file, and npm ci then
# refuses it. npm install keeps every version the lock pins and changes nothing else.
app/node_modules/.package-lock.json: app/package-lock.json
	cd app && npm install --no-audit --no-fund --loglevel=error
	@touch $@

test-deps:
	@scripts/ensure-test-deps.sh

wasm: pkg/dialtone_core.js pkg-tools/dialtone_tools.js

# Both modules come from one build (scripts/build-wasm.sh).
pkg/dialtone_core.js pkg-tools/dialtone_tools.js &: $(WASM_SOURCES) | tools
	+scripts/build-wasm.sh

app: app/dist/index.html

app/dist/index.html: pkg/dialtone_core.js pkg-tools/dialtone_tools.js $(APP_SOURCES) | npm-deps
	cd app && npm run build

server:
	cargo build -p dialtone-server

clean:
	rm -rf pkg pkg-tools app/dist target/test-logs
