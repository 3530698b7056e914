# swift-playing-cards — build, test, benchmark and the main job.
#
#   make deal      shuffle a deck and deal four hands (the main job)
#   make test      build and run every test
#   make bench     release-build benchmarks (a separate package in Benchmarks/)
#   make deps      install the Debian packages the project needs (does nothing when present)

SWIFT ?= swift
# Debian packages, and the pkg-config module or command that shows each is installed.
APT_PACKAGES := pkg-config
PROBE_COMMANDS := pkg-config
PKG_CONFIG_MODULES :=

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release test bench deal clean

deps:
	@missing=""; \
	for cmd in $(PROBE_COMMANDS); do command -v $$cmd >/dev/null 2>&1 || missing="yes"; done; \
	for mod in $(PKG_CONFIG_MODULES); do pkg-config --exists $$mod 2>/dev/null || missing="yes"; done; \
	if [ -n "$$missing" ]; then \
		echo "make deps: installing $(APT_PACKAGES)"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest

# The package-benchmark suite (time, throughput, allocations), then an interleaved run that
# times the shuffles side by side and prints the ratios the shuffling issue asks for.
bench: deps
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark
	cd Benchmarks && $(SWIFT) run -c release ShuffleRatios

deal: deps
	$(SWIFT) run -c release deal --players 4 --cards 5

clean:
	rm -rf .build Benchmarks/.build
