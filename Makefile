# Scorekeeper: `make run` for the dev server, `make test` for every check CI runs.
# Dependencies come from pyproject.toml into .venv; the project itself is run from the
# checkout (not pip-installed); templates, static files and migrations live inside the package.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
FLASK := $(BIN)/flask --app scorekeeper
TRANSLATIONS := scorekeeper/translations
TEST_DATABASE_URL ?= postgresql+psycopg://postgres@127.0.0.1:5432/test

# pytest exits 5 when a folder has no tests yet; that is not a failure here.
PYTEST_OK_IF_EMPTY := || [ $$? -eq 5 ]

.PHONY: run serve test lint typecheck pytest chromium translations babel bench measure clean

run: $(VENV)/.runtime-stamp translations
	$(FLASK) db upgrade
	$(FLASK) run --port 5000

serve: $(VENV)/.runtime-stamp translations
	$(FLASK) db upgrade
	$(BIN)/gunicorn -w 4 -b 127.0.0.1:8000 'scorekeeper:create_app()'

test: $(VENV)/.test-stamp chromium translations lint typecheck pytest

lint: $(VENV)/.test-stamp
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

# The scoring core is strict; the web code it reaches through scorekeeper/__init__.py (every
# blueprint imported by create_app) is checked by the second, ordinary run, not held to --strict.
typecheck: $(VENV)/.test-stamp
	@if [ -d scorekeeper/scoring ]; then \
		echo "$(BIN)/mypy --strict --follow-imports=silent scorekeeper/scoring"; \
		$(BIN)/mypy --strict --follow-imports=silent scorekeeper/scoring; \
	fi
	$(BIN)/mypy --exclude '^scorekeeper/scoring/' scorekeeper

pytest: $(VENV)/.test-stamp translations
	env -u TEST_DATABASE_URL $(BIN)/pytest --cov=scorekeeper/scoring --cov-report=term \
		$(PYTEST_OK_IF_EMPTY)
	@dirs=""; for d in tests/web tests/e2e; do [ -d $$d ] && dirs="$$dirs $$d"; done; \
	if [ -n "$$dirs" ]; then \
		echo "TEST_DATABASE_URL=$(TEST_DATABASE_URL) pytest$$dirs"; \
		TEST_DATABASE_URL='$(TEST_DATABASE_URL)' $(BIN)/pytest $$dirs $(PYTEST_OK_IF_EMPTY); \
	fi

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

translations: $(VENV)/.runtime-stamp
	$(BIN)/pybabel -q compile -d $(TRANSLATIONS)

# Extract every marked string (_, gettext, N_, _l, lazy_gettext) and update the Italian catalog.
babel: $(VENV)/.runtime-stamp
	$(BIN)/pybabel extract -F babel.cfg -k _l -k lazy_gettext -k N_ \
		--no-location --sort-output --project=Scorekeeper -o messages.pot .
	$(BIN)/pybabel update -i messages.pot -d $(TRANSLATIONS) -l it \
		--no-wrap --ignore-pot-creation-date

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Reinstall only when pyproject.toml changes (the stamp files are newer otherwise).
$(VENV)/.runtime-stamp: pyproject.toml | $(BIN)/python
	$(BIN)/python -c 'import tomllib; p = tomllib.load(open("pyproject.toml", "rb")); \
		print("\n".join(p["project"]["dependencies"]))' > $(VENV)/requirements.txt
	$(BIN)/python -m pip install -q -r $(VENV)/requirements.txt
	touch $@

$(VENV)/.test-stamp: pyproject.toml $(VENV)/.runtime-stamp
	$(BIN)/python -c 'import tomllib; p = tomllib.load(open("pyproject.toml", "rb")); \
		print("\n".join(p["project"]["optional-dependencies"]["test"]))' \
		> $(VENV)/requirements-test.txt
	$(BIN)/python -m pip install -q -r $(VENV)/requirements-test.txt
	touch $@

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage messages.pot bench/node_modules
	find $(TRANSLATIONS) -name '*.mo' -delete
