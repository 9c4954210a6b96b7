# `make run` and `make test` bootstrap everything they need into .venv on a fresh machine.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-fast gates lint types layers compiled chromium postgresql nginx offline pytest pytest-fast bench screenshots clean

# The server's bots and `simulate` start with the compiled engines warm (see `compiled`).
run: $(STAMP) compiled offline
	$(BIN)/wonderland serve --host 127.0.0.1 --port 8000

# The gates and the engines' compilation run side by side, then every test.
test: $(STAMP) chromium postgresql nginx offline
	@$(MAKE) --no-print-directory -j4 --output-sync=target gates compiled
	@$(MAKE) --no-print-directory pytest

# The inner loop: everything but the browser, statistical (slow) and Ray tests.
test-fast: $(STAMP) postgresql
	@$(MAKE) --no-print-directory -j4 --output-sync=target gates compiled
	@$(MAKE) --no-print-directory pytest-fast

gates: lint types layers

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples

types: $(STAMP)
	$(BIN)/mypy

layers: $(STAMP)
	$(BIN)/lint-imports

# numba compiles the fast engines once here (cached next to the sources), not in every worker;
# with a warm cache this only loads them (a few seconds).
compiled: $(STAMP)
	$(BIN)/python -m wonderland.sim.warm

pytest: $(STAMP)
	$(BIN)/pytest -n 3 --dist worksteal -p no:cacheprovider

pytest-fast: $(STAMP)
	$(BIN)/pytest -n 2 -p no:cacheprovider -m "not browser and not slow and not ray"

# A Debian package a step needs: installed when run as root, else named with the command that
# installs it. $(call debian,PACKAGE,what needs it)
debian = if [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1); \
	else \
		echo "$(2): sudo apt-get install $(1)"; exit 1; \
	fi

# Browser tests drive Debian's chromium through Playwright (its own browser download is not used).
chromium:
	@command -v chromium >/dev/null 2>&1 || { $(call debian,chromium,The browser tests need Debian's chromium); }

# The store's tests also run on a throwaway PostgreSQL cluster.
postgresql:
	@command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { $(call debian,postgresql,The store tests need PostgreSQL); }

# The rules in the browser for offline use (Learn, score calculators): Pyodide from the npm
# registry and the WebAssembly and pure wheels of pydantic from PyPI, fetched once into an
# ignored folder the server serves under /offline/ (see docs/hosting.md); the pins are those of
# pyproject.toml and its pydantic.
OFFLINE := .cache/offline
PYODIDE := 314.0.8
OFFLINE_WHEELS := pydantic==2.14.4 pydantic-core==2.50.5 typing-extensions==4.16.0 \
	annotated-types==0.8.0 typing-inspection==0.4.5
offline: $(OFFLINE)/.fetched

$(OFFLINE)/.fetched: Makefile | $(STAMP)
	@command -v npm >/dev/null 2>&1 || { $(call debian,npm,Pyodide comes from the npm registry); }
	rm -rf $(OFFLINE) && mkdir -p $(OFFLINE)/pyodide $(OFFLINE)/wheels
	cd $(OFFLINE) && npm pack --silent pyodide@$(PYODIDE) >/dev/null && \
		tar -xzf pyodide-$(PYODIDE).tgz -C pyodide --strip-components=1 \
			package/pyodide.mjs package/pyodide.asm.mjs package/pyodide.asm.wasm \
			package/python_stdlib.zip package/pyodide-lock.json && rm pyodide-$(PYODIDE).tgz
	$(BIN)/python -m pip download --quiet --only-binary=:all: --platform pyemscripten_2026_0_wasm32 \
		--python-version 3.14 --implementation cp --no-deps -d $(OFFLINE)/wheels $(OFFLINE_WHEELS)
	touch $@

# The deployment's test runs Debian's nginx (its own configuration; the system's is not used).
nginx:
	@command -v nginx >/dev/null 2>&1 || test -x /usr/sbin/nginx || { $(call debian,nginx,The deployment test needs Debian's nginx); }

bench: $(STAMP)
	$(BIN)/python bench/parade_random.py
	$(BIN)/python bench/parade_fast.py
	$(BIN)/python bench/ismcts.py

# docs/screenshots: the lobby and each game's table in mid-game, desktop and phone; a game
# night in one room (the table screen and the phones that joined by its codes); pass-and-play
# on one device (its cover and a hand).
screenshots: $(STAMP) chromium
	$(BIN)/python -m tests.browser.screenshots
	$(BIN)/python -m tests.browser.room_screenshots
	$(BIN)/python -m tests.browser.pass_screenshots

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Python 3.11 or newer is needed (found $$($(PYTHON) --version))"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[web,dev,sim,ray,rl,learn,plots,fast]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
