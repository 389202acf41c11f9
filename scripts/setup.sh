#!/usr/bin/env bash
# Set up everything the companion needs on a Debian/Ubuntu machine: system packages,
# a virtual environment in .venv, and the Python dependencies. Safe to run repeatedly.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
VENV=.venv
STAMP="$VENV/.installed"

missing=()
while read -r pkg; do
    [[ -z "$pkg" || "$pkg" == \#* ]] && continue
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done < scripts/system-packages.txt

if ((${#missing[@]})); then
    if [[ $(id -u) -eq 0 ]]; then
        echo "setup: installing system packages: ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "setup: these system packages are missing: ${missing[*]}" >&2
        echo "setup: install them with:" >&2
        echo "    sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        echo "setup: then run this command again." >&2
        exit 1
    fi
fi

if [[ ! -x "$VENV/bin/python" ]]; then
    echo "setup: creating virtual environment in $VENV"
    "$PY" -m venv "$VENV"
fi

# Reinstall when the dependencies or the compiled core (setup.py, companion/*.c) change.
want=$(cat pyproject.toml setup.py companion/*.c | sha256sum | cut -c1-16)
if [[ ! -f "$STAMP" || "$(cat "$STAMP")" != "$want" ]]; then
    echo "setup: installing Python dependencies (first run takes a few minutes)"
    "$VENV/bin/python" -m pip install -q --upgrade pip "setuptools>=77"
    "$VENV/bin/python" -m pip install -q -e '.[test]'
    echo "$want" > "$STAMP"
fi
echo "setup: ready"
