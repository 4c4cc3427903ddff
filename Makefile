# The two commands of the README: `make run` builds and launches the app, `make test` runs every
# test. Both first install what is missing (scripts/setup.sh).
.PHONY: run test setup bench install

setup:
	scripts/setup.sh

run: setup
	cargo run --release --bin nonet

test: setup
	scripts/test.sh

bench: setup
	cargo bench --bench solver

install: setup
	meson setup build --prefix /usr/local
	meson compile -C build
	meson install -C build
