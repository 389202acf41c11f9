# The two commands a new user needs:
#   make run    set everything up and serve the web app on http://127.0.0.1:5000
#   make test   set everything up and run the whole test suite
.PHONY: setup run test lint

setup:
	@bash scripts/setup.sh

run: setup
	.venv/bin/companion serve --host 127.0.0.1 --port 5000

test: setup
	@bash scripts/test.sh

lint: setup
	.venv/bin/ruff check .
	.venv/bin/mypy
