# The two commands of the README: `make run` (set up and serve the app) and `make test`.
# Both work on a bare machine with Python 3.11+: they create .venv and install the pinned packages.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test setup setup-dev messages lint demo clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/pip install -q -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt $(VENV)/.runtime
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $@

setup: $(VENV)/.runtime messages
setup-dev: $(VENV)/.dev messages

# Compiled catalogues are committed too, so a machine without gettext still has French.
messages: | $(BIN)/python
	@if command -v msgfmt >/dev/null 2>&1; then $(BIN)/python manage.py compilemessages -v0 --ignore '.venv' --ignore 'venv'; fi

# Embedded default: SQLite and the in-memory channel layer, whatever the environment says.
run: setup
	env -u DATABASE_URL -u REDIS_URL $(BIN)/python manage.py migrate --noinput -v0
	env -u DATABASE_URL -u REDIS_URL $(BIN)/python manage.py load_demo
	env -u DATABASE_URL -u REDIS_URL $(BIN)/python manage.py load_demo_tables
	@echo ""
	@echo "  ARF is served on http://$(HOST):$(PORT)/  (Ctrl-C to stop)"
	@echo "  demo logins: organisateur / arf-demo-2026 ; players hery, voahangy, tiana... / arf-demo-2026"
	@echo ""
	env -u DATABASE_URL -u REDIS_URL $(BIN)/python -m arf.serve -b $(HOST) -p $(PORT) arf.asgi:application

# One process by default: with two workers (pytest-xdist, `make test PYTEST_WORKERS=2`) the suite
# takes half the time, but a browser test's arranged session and the practice bots' hands then share
# the two cores with the other worker's browsers, and two of them missed their time (2026-12-06).
PYTEST_WORKERS ?= 0

test: setup-dev
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS)

lint: setup-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
