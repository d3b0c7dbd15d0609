# Scorekeeper: `make run` for the dev server, `make check` while working, `make test` for
# every check CI runs. Dependencies are installed into .venv at the exact versions of the
# lock files (requirements.lock, requirements-test.lock; `make lock` refreshes them from
# pyproject.toml's ranges); the project itself is run from the checkout (not pip-installed).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
FLASK := $(BIN)/flask --app scorekeeper
TRANSLATIONS := scorekeeper/translations
# The dev server's port: `PORT=5400 make run` (or `make run PORT=5400`) when 5000 is taken.
PORT ?= 5000
# The push server's port (live boards and venue screens, scorekeeper/push.py): `make push`,
# and `make serve` with REDIS_URL.
PUSH_PORT ?= 8001
PUSH := $(BIN)/gunicorn -k gevent -w 1 --worker-connections 20000 -b 127.0.0.1:$(PUSH_PORT) \
	'scorekeeper.push:create_push_app()'
TEST_DATABASE_URL ?= postgresql+psycopg://postgres@127.0.0.1:5432/test
# Every test run uses every core (pytest-xdist): each worker its own database and, for the
# browser tests, its own live server and browser. `make check PYTEST_WORKERS=0` runs in one.
PYTEST_WORKERS ?= auto
PYTEST := $(BIN)/pytest -n $(PYTEST_WORKERS)
# Coverage of the scoring package (lines and branches) by its unit tests alone may not fall
# below this (98.4 % when set); nothing else reads a coverage figure, so nothing else pays
# for one.
SCORING_COVERAGE := 98

.PHONY: run serve push check test lint typecheck chromium two-nodes translations babel lock lock-upgrade \
	bench measure clean

# The web server and the job consumer (league imports: scorekeeper/jobs.py), stopped
# together (Ctrl-C stops the server, and the consumer with it).
run: $(VENV)/.runtime-stamp translations
	$(FLASK) db upgrade
	$(FLASK) jobs consume & consumer=$$!; trap 'kill $$consumer 2>/dev/null' EXIT INT TERM; \
		$(FLASK) run --port $(PORT)

# As in production: gunicorn's four workers on 127.0.0.1:8000 and the job consumer,
# stopped together as `make run`'s. With REDIS_URL, the push server too (on PUSH_PORT):
# boards and venue screens follow their changes from it (the app's
# SCOREKEEPER_LIVE_PUSH_URL, its origin allowed by the pages' Content-Security-Policy and
# by the push server's SCOREKEEPER_PUSH_ORIGINS); without, they poll.
serve: $(VENV)/.runtime-stamp translations
	$(FLASK) db upgrade
	$(FLASK) jobs consume & consumer=$$!; trap 'kill $$consumer $$push 2>/dev/null' EXIT INT TERM; \
	if [ -n "$$REDIS_URL" ]; then \
		SCOREKEEPER_PUSH_APP_URL=http://127.0.0.1:8000 \
			SCOREKEEPER_PUSH_ORIGINS=http://127.0.0.1:8000 $(PUSH) & push=$$!; \
		SCOREKEEPER_LIVE_PUSH_URL=$${SCOREKEEPER_LIVE_PUSH_URL:-http://127.0.0.1:$(PUSH_PORT)} \
			$(BIN)/gunicorn -w 4 -b 127.0.0.1:8000 'scorekeeper:create_app()'; \
	else \
		$(BIN)/gunicorn -w 4 -b 127.0.0.1:8000 'scorekeeper:create_app()'; \
	fi

# The push server alone (REDIS_URL: the app's), for an app served elsewhere: it asks the
# app at SCOREKEEPER_PUSH_APP_URL (default http://127.0.0.1:8000) for the boards and screens.
push: $(VENV)/.runtime-stamp
	@test -n "$$REDIS_URL" || { echo "make push: set REDIS_URL (the app's Redis)"; exit 1; }
	$(PUSH)

# While working (under three minutes on two cores): lint, types, unit and web tests on
# SQLite with the generated corpora's first tenth (--corpus quick); no browser, no wheel
# build, no coverage.
check: $(VENV)/.test-stamp translations lint typecheck
	env -u TEST_DATABASE_URL $(PYTEST) -m "not e2e and not packaging" --corpus quick

# Everything CI runs: lint and types; the unit tests with the scoring package's coverage;
# the web, packaging, oracle and conformance tests (full corpora) on SQLite; then the web
# and browser tests on PostgreSQL at TEST_DATABASE_URL.
test: $(VENV)/.test-stamp chromium two-nodes translations lint typecheck
	env -u TEST_DATABASE_URL $(PYTEST) tests/unit --cov=scorekeeper/scoring \
		--cov-report=term-missing:skip-covered --cov-fail-under=$(SCORING_COVERAGE)
	env -u TEST_DATABASE_URL $(PYTEST) -m "not e2e" --ignore=tests/unit
	TEST_DATABASE_URL='$(TEST_DATABASE_URL)' $(PYTEST) tests/web tests/e2e

lint: $(VENV)/.test-stamp
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

# `mypy --strict` on the whole package (pyproject.toml: [tool.mypy], stubs in typings/).
typecheck: $(VENV)/.test-stamp
	$(BIN)/mypy

# Scoring speed and API latency, measured by hand (timings never go in the tests).
bench: $(VENV)/.runtime-stamp translations
	$(BIN)/python bench/scoring.py

# The game and league pages as a phone meets them (bytes, Lighthouse, axe, taps, server
# time), by hand.
# Lighthouse and axe-core come from npm, pinned in bench/package-lock.json.
measure: $(VENV)/.test-stamp chromium translations bench/node_modules/.package-lock.json
	$(BIN)/python bench/pages.py

bench/node_modules/.package-lock.json: bench/package.json bench/package-lock.json
	cd bench && npm ci --no-audit --no-fund

# The e2e tests drive Debian's chromium (Playwright's own browser download cannot work here).
chromium:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ]; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	fi

# The two-node recipe (deploy/two-nodes, bench/two_nodes.py, tests/install/test_two_nodes.py)
# runs Debian's HAProxy and PgBouncer on loopback.
two-nodes:
	@if { [ ! -x /usr/sbin/haproxy ] || [ ! -x /usr/sbin/pgbouncer ]; } && [ "$$(id -u)" = 0 ]; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q haproxy pgbouncer; \
	fi

translations: $(VENV)/.runtime-stamp
	$(BIN)/pybabel -q compile -d $(TRANSLATIONS)

# Extract every marked string (_, gettext, ngettext, side_gettext, N_, _l, lazy_gettext) and
# update the Italian catalog.
babel: $(VENV)/.runtime-stamp
	$(BIN)/pybabel extract -F babel.cfg -k _l -k lazy_gettext -k N_ -k N_plural:1,2 -k side_gettext:1,2 \
		--no-location --sort-output --project=Scorekeeper -o messages.pot .
	$(BIN)/pybabel update -i messages.pot -d $(TRANSLATIONS) -l it \
		--no-wrap --ignore-pot-creation-date

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Install exactly what the lock lists (--no-deps: nothing unlocked slips in; `pip check`
# fails if the lock misses a dependency). Reinstalled only when a lock file changes.
$(VENV)/.runtime-stamp: requirements.lock | $(BIN)/python
	$(BIN)/python -m pip install -q --no-deps -r requirements.lock
	$(BIN)/python -m pip check
	touch $@

$(VENV)/.test-stamp: requirements-test.lock $(VENV)/.runtime-stamp
	$(BIN)/python -m pip install -q --no-deps -r requirements-test.lock
	$(BIN)/python -m pip check
	touch $@

# Compile the lock files from pyproject.toml's ranges (for Python 3.11 and up, every
# platform): `make lock` after changing a dependency (other pins stay as they are),
# `make lock-upgrade` to move every pin to the newest version the ranges allow. The test
# lock takes the runtime lock's versions, so both install the same runtime.
UV_COMPILE := $(BIN)/uv pip compile pyproject.toml --universal --python-version 3.11 \
	--custom-compile-command 'make lock' --quiet

lock: $(VENV)/.test-stamp
	$(UV_COMPILE) $(UPGRADE) -o requirements.lock
	$(UV_COMPILE) $(UPGRADE) --extra test -c requirements.lock -o requirements-test.lock

lock-upgrade:
	$(MAKE) lock UPGRADE=--upgrade

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage messages.pot bench/node_modules \
		build dist *.egg-info
	find $(TRANSLATIONS) -name '*.mo' -delete
