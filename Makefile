# swift-playing-cards — build, test, benchmark and the main job.
#
#   make deck      render the whole deck, jokers and back as PNG and SVG into out/ (the main job)
#   make deal      shuffle a deck and deal four hands
#   make test      build and run every test
#   make bench     release-build benchmarks (a separate package in Benchmarks/)
#   make contact-sheet  one PNG of every snapshot reference with its name (out/contact-sheet.png)
#   make install   install render-card (and shell completions) under PREFIX (default /usr/local)
#   make serve     build and start deck-server on 127.0.0.1:8080 with data in ./data
#   make bench-server  wrk against a release deck-server (numbers for the server issue)
#   make bench-soak    10 minutes of 8,000 table event streams against a release deck-server
#   make test-schemathesis  schemathesis against the deck-server's /openapi.json
#   make test-client  DeckClient's tests against real deck-servers (part of make test)
#   make docs      the API documentation of every DocC catalog, a static site in out/docs
#   make deps      install the Debian packages the project needs (does nothing when present)

SWIFT ?= swift
# Debian packages, and the pkg-config module or command that shows each is installed.
# Cairo draws the cards; librsvg (from librsvg2-bin, which also brings the library) draws users'
# SVG artwork, and its rsvg-convert checks in the tests that our SVG looks like our PNG.
# poppler-utils gives the tests pdfinfo, to check print PDFs' pages as a reader sees them.
# librsvg2-dev is for the tests only: they compile against rsvg.h to check the loader's copy of
# its ABI (render-card itself loads librsvg at run time and builds without the header).
# libdeflate compresses `--png-compression small`; the tests check those files against
# ImageMagick's strongest PNG of the same pixels.
# libsqlite3-dev is the database of deck-server (the Server/ package, through GRDB), and
# libgdk-pixbuf-2.0-dev decodes and re-encodes the background images tables upload.
APT_PACKAGES := pkg-config libcairo2-dev libdeflate-dev librsvg2-bin librsvg2-dev poppler-utils imagemagick libsqlite3-dev libgdk-pixbuf-2.0-dev
PROBE_COMMANDS := pkg-config rsvg-convert pdfinfo convert
PKG_CONFIG_MODULES := cairo libdeflate librsvg-2.0 sqlite3 gdk-pixbuf-2.0

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Where `make bench` finds the peer deck to compare against (optional; skipped when absent).
PEER_DECK ?= ../shared/peers/vector-playing-cards/cards-svg
DECK_OUT ?= out/deck

PREFIX ?= /usr/local
# The binary `make install` copies; the install test points it at a debug build.
RENDER_CARD ?= .build/release/render-card

# The shipped executables link the Swift runtime statically: no libswift*.so to load and bind
# at every start (render-card --help: 6.6 ms dynamic, 4.1 ms static, in one hyperfine run), and
# a binary that runs without the toolchain installed. render-card and deal also link as
# position-dependent executables, which spares the loader the relocation of the runtime's code
# at every start. Only the release builds here take these flags; `make test` builds as usual.
STATIC_STDLIB := --static-swift-stdlib
RELEASE_BUILD := $(SWIFT) build -c release $(STATIC_STDLIB) -Xlinker -no-pie
# render-card also links Cairo and the libraries under it statically, when Debian's static
# archives are there (Scripts/static-cairo.sh says why and how); otherwise dynamically.
STATIC_CAIRO := $(CURDIR)/.build/static-cairo

# The server package and where `make serve` keeps its database.
SERVER_DIR := Server
DECK_SERVER := $(SERVER_DIR)/.build/release/deck-server
SERVE_HOST ?= 127.0.0.1
SERVE_PORT ?= 8080
SERVE_DATA ?= ./data

.PHONY: docs test-client deps deps-test deps-postgres deps-bench deps-browser test-browser test-schemathesis test-soak build release render-card-release test test-library test-server bench bench-server bench-soak serve deck deal contact-sheet install install-files clean

# Each group of Debian packages with the probe that says it is there. A target collects the
# groups it needs whose probe fails into `missing`; APT_INSTALL_MISSING then runs one apt-get update
# and one install for all of them, and nothing when none is missing.
BASE_PROBE := ( for cmd in $(PROBE_COMMANDS); do command -v $$cmd >/dev/null 2>&1 || exit 1; done; \
	for mod in $(PKG_CONFIG_MODULES); do pkg-config --exists $$mod 2>/dev/null || exit 1; done )
POSTGRES_PACKAGES := postgresql
POSTGRES_PROBE := ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1
BROWSER_PACKAGES := chromium chromium-driver fonts-noto-color-emoji
BROWSER_PROBE := { command -v chromium && command -v chromedriver && fc-list | grep -qi 'Noto Color Emoji'; } >/dev/null 2>&1
APT_INSTALL_MISSING = if [ -n "$$missing" ]; then \
		echo "make $@: installing$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
# Selenium and axe-core for the browser tests, from PyPI.
PIP_BROWSER = python3 -c 'import selenium' 2>/dev/null || python3 -m pip install -q selenium; \
	python3 -c 'import axe_selenium_python' 2>/dev/null || python3 -m pip install -q axe-selenium-python

deps:
	@missing=""; $(BASE_PROBE) || missing=" $(APT_PACKAGES)"; $(APT_INSTALL_MISSING)

# What make test needs, every group in one apt-get run: on a new machine one update, not one per group.
deps-test:
	@missing=""; $(BASE_PROBE) || missing=" $(APT_PACKAGES)"; \
	$(POSTGRES_PROBE) || missing="$$missing $(POSTGRES_PACKAGES)"; \
	$(BROWSER_PROBE) || missing="$$missing $(BROWSER_PACKAGES)"; \
	$(APT_INSTALL_MISSING)
	@$(PIP_BROWSER)

build: deps
	$(SWIFT) build

release: deps
	$(RELEASE_BUILD)
	$(MAKE) render-card-release

# The render-card that make install, make deck and make bench use: .build/release/render-card.
render-card-release: deps
	@sh Scripts/static-cairo.sh $(STATIC_CAIRO)
	@if [ -f $(STATIC_CAIRO)/cairo-bundle.o ]; then \
		echo "$(RELEASE_BUILD) --product render-card (Cairo linked statically from $(STATIC_CAIRO))"; \
		PKG_CONFIG_PATH=$(STATIC_CAIRO)$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH} $(RELEASE_BUILD) --product render-card \
			-Xlinker $(STATIC_CAIRO)/cairo-bundle.o -Xlinker $(STATIC_CAIRO)/cairo-x.ld; \
	else \
		echo "$(RELEASE_BUILD) --product render-card (no static Cairo archives: Cairo linked dynamically)"; \
		$(RELEASE_BUILD) --product render-card; \
	fi

# Each step's time goes to out/test-times.txt (Scripts/timed.sh); `make test` prints them last.
TIMED := bash $(CURDIR)/Scripts/timed.sh

# The times file is emptied before any step starts and printed after all have ended, also under
# `make -j` (where the steps may run side by side and append their lines in any order).
test: deps-test
	@mkdir -p out && : > out/test-times.txt
	@$(MAKE) --no-print-directory test-library test-server test-browser
	@echo "Where the time went:" && cat out/test-times.txt

test-library: deps
	$(TIMED) "library build" $(SWIFT) build --build-tests
	$(TIMED) "library tests" $(SWIFT) test --skip-build --disable-xctest

# DeckClient (Clients/DeckClient, a package of its own) against real deck-servers, on SQLite and
# on two instances over a throw-away PostgreSQL cluster: its tests are in the server's package
# (Server/Tests/DeckClientTests), whose build they share, and test-server runs them too.
CLIENT_DIR := Clients/DeckClient
test-client: deps-postgres
	cd $(SERVER_DIR) && $(TIMED) "server build" $(SWIFT) build --build-tests
	cd $(SERVER_DIR) && $(TIMED) "client tests" $(SWIFT) test --skip-build --disable-xctest --filter DeckClientTests

# PostgreSQL (Debian's postgresql: initdb, pg_ctl, psql under /usr/lib/postgresql/*/bin) for the
# server's tests, which make throw-away clusters, and its benchmark.
deps-postgres: deps
	@missing=""; $(POSTGRES_PROBE) || missing=" $(POSTGRES_PACKAGES)"; $(APT_INSTALL_MISSING)

# The deck server's tests start the built deck-server on loopback ports against real databases.
# One build serves them, DeckClient's tests and stream-load's (see Server/Package.swift).
test-server: deps-postgres
	cd $(SERVER_DIR) && $(TIMED) "server build" $(SWIFT) build --build-tests
	cd $(SERVER_DIR) && $(TIMED) "server tests" $(SWIFT) test --skip-build --disable-xctest

# The Memorize page in headless Chromium (Debian's chromium and chromium-driver; emoji font
# for emoji faces) through Selenium (PyPI), against the deck-server that test-server built;
# axe-core (PyPI's axe-selenium-python) checks the pages' accessibility.
deps-browser:
	@missing=""; $(BROWSER_PROBE) || missing=" $(BROWSER_PACKAGES)"; $(APT_INSTALL_MISSING)
	@$(PIP_BROWSER)

test-browser: test-server deps-browser
	$(TIMED) "browser tests" bash $(SERVER_DIR)/Tests/browser/run.sh "$$(cd $(SERVER_DIR) && $(SWIFT) build --show-bin-path)/deck-server"

# schemathesis (PyPI, installed when missing) against /openapi.json of the deck-server that
# test-server built: a few minutes of generated requests; not part of `make test`.
test-schemathesis: test-server
	bash $(SERVER_DIR)/Tests/schemathesis/run.sh "$$(cd $(SERVER_DIR) && $(SWIFT) build --show-bin-path)/deck-server"

# The server's tests 10 times alone and the whole `make test` 10 times (so the server's suite 20
# times, the library's and the browser tests 10 times) beside the load of a busy CI machine (a
# release build, a release deck-server under wrk, a headless Chromium; SOAK_LOAD=hogs for one CPU
# hog per core instead), to find tests that fail only then; a line per run in
# out/soak/summary.txt (Scripts/soak-summary.txt keeps the runs on record).
SOAK_LOAD ?= mixed
test-soak: deps-postgres
	bash Scripts/soak-tests.sh 10 0 $(SOAK_LOAD) 10

serve: deps
	cd $(SERVER_DIR) && $(SWIFT) build -c release $(STATIC_STDLIB) --product deck-server
	$(DECK_SERVER) --host $(SERVE_HOST) --port $(SERVE_PORT) --data $(SERVE_DATA)

# wrk (Debian) drives a release deck-server on loopback; see Server/Benchmarks/bench-server.sh.
deps-bench: deps
	@missing=""; command -v wrk >/dev/null 2>&1 || missing=" wrk"; $(APT_INSTALL_MISSING)

# OLD_DECK_SERVER=path runs an older build beside it in the hostile-load benchmark, alternately.
bench-server: deps-bench deps-postgres deps-browser
	cd $(SERVER_DIR) && $(SWIFT) build -c release $(STATIC_STDLIB) --product deck-server
	bash $(SERVER_DIR)/Benchmarks/bench-server.sh $(DECK_SERVER)
	bash $(SERVER_DIR)/Benchmarks/bench-hostile.sh $(DECK_SERVER) $(OLD_DECK_SERVER)
	bash $(SERVER_DIR)/Benchmarks/bench-postgres.sh $(DECK_SERVER)
	SWIFT=$(SWIFT) python3 $(SERVER_DIR)/Benchmarks/bench-table-events.py $(DECK_SERVER)
	python3 $(SERVER_DIR)/Benchmarks/bench-tabletop-drags.py $(DECK_SERVER)
	python3 $(SERVER_DIR)/Benchmarks/bench-table-page.py $(DECK_SERVER)
	cd $(SERVER_DIR) && $(SWIFT) run -c release answer-encoding-benchmark

# The table events' soak (not in bench-server): 8,000 streams under 300 changes a second for 10
# minutes; the server's memory at the end within 5 % of minute 2, no stream dropped, no change unseen.
bench-soak: deps
	cd $(SERVER_DIR) && $(SWIFT) build -c release $(STATIC_STDLIB) --product deck-server
	SWIFT=$(SWIFT) python3 $(SERVER_DIR)/Benchmarks/bench-table-events.py $(DECK_SERVER) --only soak

# The package-benchmark suite (time, throughput, allocations), then an interleaved run that
# times the shuffles side by side and prints the ratios the shuffling issue asks for.
bench: deps render-card-release
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark
	cd Benchmarks && $(SWIFT) run -c release ShuffleRatios
	cd Benchmarks && $(SWIFT) run -c release RenderRatios "$(CURDIR)/.build/release/render-card" $(realpath $(PEER_DECK))

deck: deps render-card-release
	.build/release/render-card deck --out $(DECK_OUT)/png --jokers --back
	.build/release/render-card deck --out $(DECK_OUT)/svg --format svg --jokers --back
	@echo "The deck is in $(DECK_OUT)/png and $(DECK_OUT)/svg"

deal: deps
	$(RELEASE_BUILD) --product deal
	.build/release/deal --players 4 --cards 5

contact-sheet: deps
	$(SWIFT) build --product snapshot-contact-sheet
	mkdir -p out
	$$($(SWIFT) build --show-bin-path)/snapshot-contact-sheet Tests out/contact-sheet.png

# The artwork is compiled into the binary, so render-card needs no other files to run.
install: deps render-card-release
	$(MAKE) install-files

install-files:
	install -d "$(PREFIX)/bin" "$(PREFIX)/share/bash-completion/completions" \
		"$(PREFIX)/share/zsh/site-functions" "$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 "$(RENDER_CARD)" "$(PREFIX)/bin/render-card"
	"$(PREFIX)/bin/render-card" --generate-completion-script bash > "$(PREFIX)/share/bash-completion/completions/render-card"
	"$(PREFIX)/bin/render-card" --generate-completion-script zsh > "$(PREFIX)/share/zsh/site-functions/_render-card"
	"$(PREFIX)/bin/render-card" --generate-completion-script fish > "$(PREFIX)/share/fish/vendor_completions.d/render-card.fish"
	@echo "Installed $(PREFIX)/bin/render-card and its shell completions"

# .build-docs: where make docs built before it read .build; older checkouts may still have one.
clean:
	rm -rf .build .build-docs Benchmarks/.build $(SERVER_DIR)/.build $(SERVER_DIR)/.build-docs $(CLIENT_DIR)/.build out

# The API documentation: every DocC catalog built by swift-docc-plugin into one static site,
# out/docs (serve it with any static web server: `python3 -m http.server -d out/docs`). The
# manifests add the plugin only when SWIFT_PLAYING_CARDS_DOCS is set, so no user of the library
# fetches it. It reads the modules from the packages' own .build, the debug build make test makes
# (and makes what is not there yet): a folder of its own built everything a second time
# (docs/contributing.md has the times). A DocC warning, or a public symbol without a documentation
# comment, fails it.
DOCS_OUT := $(CURDIR)/out/docs
LIBRARY_DOC_TARGETS := PlayingCards PlayingCardLayout PlayingCardRendering PlayingCardSnapshotTesting PlayingCardsProvablyFair Memorize
DOCC_STATIC := --transform-for-static-hosting --warnings-as-errors

docs: deps
	@rm -rf $(DOCS_OUT) && mkdir -p $(DOCS_OUT)
	SWIFT_PLAYING_CARDS_DOCS=1 $(SWIFT) package --allow-writing-to-directory $(DOCS_OUT) \
		generate-documentation $(addprefix --target ,$(LIBRARY_DOC_TARGETS)) --enable-experimental-combined-documentation \
		$(DOCC_STATIC) --hosting-base-path library --output-path $(DOCS_OUT)/library
	cd $(SERVER_DIR) && SWIFT_PLAYING_CARDS_DOCS=1 $(SWIFT) package --allow-writing-to-directory $(DOCS_OUT) \
		generate-documentation --target DeckService --target DeckStorePostgres --enable-experimental-combined-documentation \
		$(DOCC_STATIC) --hosting-base-path server --output-path $(DOCS_OUT)/server
	python3 Scripts/doc-comment-coverage.py .build $(SERVER_DIR)/.build
	cp Scripts/docs-index.html $(DOCS_OUT)/index.html
	@echo "The API documentation is in out/docs: python3 -m http.server -d out/docs, then open http://127.0.0.1:8000/"

