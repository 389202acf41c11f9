# shellcheck shell=bash
# start_throwaway_postgres: start a private PostgreSQL cluster in a temporary folder on a free
# loopback port, export DATABASE_URL_TEST, and stop + delete it when the calling shell exits.
# Does nothing if DATABASE_URL_TEST is already set; fails if PostgreSQL is not installed (the
# set-up installs it), so the tests marked postgres never skip under the test command.

start_throwaway_postgres() {
    if [[ -n "${DATABASE_URL_TEST:-}" ]]; then
        return 0
    fi
    local bin
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [[ -z "$bin" || ! -x "$bin/initdb" ]]; then
        echo "test: PostgreSQL is not installed; run scripts/setup.sh (it installs it)" >&2
        return 1
    fi
    PG_THROWAWAY_DIR=$(mktemp -d /tmp/companion-pg.XXXXXX)
    local port as=()
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    if [[ $(id -u) -eq 0 ]]; then  # the server refuses to run as root
        chown postgres: "$PG_THROWAWAY_DIR"
        as=(runuser -u postgres --)
    fi
    PG_THROWAWAY_CTL=("${as[@]}" "$bin/pg_ctl" -D "$PG_THROWAWAY_DIR/data")
    "${as[@]}" "$bin/initdb" -D "$PG_THROWAWAY_DIR/data" -U companion -A trust -E UTF8 \
        --no-sync >"$PG_THROWAWAY_DIR/initdb.log"
    trap stop_throwaway_postgres EXIT
    "${PG_THROWAWAY_CTL[@]}" -w -l "$PG_THROWAWAY_DIR/server.log" \
        -o "-p $port -k $PG_THROWAWAY_DIR -c listen_addresses=127.0.0.1 -c fsync=off" \
        start >/dev/null
    "${as[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U companion companion_test
    export DATABASE_URL_TEST="postgresql://companion@127.0.0.1:$port/companion_test"
    echo "test: throwaway PostgreSQL on 127.0.0.1:$port" >&2
}

stop_throwaway_postgres() {
    if [[ -n "${PG_THROWAWAY_DIR:-}" ]]; then
        "${PG_THROWAWAY_CTL[@]}" -m immediate stop >/dev/null 2>&1 || true
        rm -rf "$PG_THROWAWAY_DIR"
        PG_THROWAWAY_DIR=
    fi
}
