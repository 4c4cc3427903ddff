# The two commands of the README: `make run` builds and launches the app, `make test` runs every
# test. Both first install what is missing (scripts/setup.sh).
.PHONY: run test setup bench install fuzz

setup:
	scripts/setup.sh

run: setup
	cargo run --release --bin nonet

test: setup
	scripts/test.sh

bench: setup
	cargo bench --bench solver

# Every fuzz target (tests/fuzz.rs) for 1,000,000 cases, in release; each reports its count.
fuzz: setup
	NONET_FUZZ_CASES=$${NONET_FUZZ_CASES:-1000000} cargo test --release --no-default-features --test fuzz -- --nocapture --test-threads=2

install: setup
	meson setup build --prefix /usr/local
	meson compile -C build
	meson install -C build
