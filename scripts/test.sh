#!/usr/bin/env bash
# Run the whole test suite (after scripts/setup.sh): lint, then pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check .
exec .venv/bin/python -m pytest "$@"
