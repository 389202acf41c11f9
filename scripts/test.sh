#!/usr/bin/env bash
# Run the whole test suite (after scripts/setup.sh): lint (ruff, with its complexity limit),
# type checks (mypy, configured in pyproject.toml), then pytest, spread over one worker per
# core by pytest-xdist (COMPANION_TEST_WORKERS overrides the count; 0 runs in one process).
# Unless DATABASE_URL_TEST is already set, a throwaway PostgreSQL cluster is started in a
# temporary folder on a free loopback port for the tests marked `postgres`, and removed after.
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check .
.venv/bin/mypy
source scripts/pg-throwaway.sh
start_throwaway_postgres
workers=${COMPANION_TEST_WORKERS:-auto}
.venv/bin/python -m pytest -n "$workers" --dist worksteal --durations=15 "$@"  # the slowest listed at the end
