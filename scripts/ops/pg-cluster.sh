#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the API tests on PostgreSQL (.ci/run).
#
#   scripts/ops/pg-cluster.sh start DIR PORT   initdb in DIR/data (trust auth, superuser postgres, UTF8),
#                                          listen on 127.0.0.1:PORT, socket in DIR, create
#                                          database talcioc_test; prints its URL
#   scripts/ops/pg-cluster.sh stop DIR         fast shutdown (no error when it is not running)
#   scripts/ops/pg-cluster.sh restart DIR PORT starts a stopped cluster again (the fault drill)
#
# DIR must be empty or missing. When run as root the cluster runs as user postgres (DIR is
# chown'ed to it); otherwise as the current user. Installs Debian's `postgresql` package when
# the PostgreSQL 15 binaries are missing (root only). Durability is switched off: test data only.
set -euo pipefail

PG_BIN=/usr/lib/postgresql/15/bin
DB_NAME=talcioc_test

die() { echo "pg-cluster: $*" >&2; exit 1; }
usage() { die "usage: $0 start DIR PORT | stop DIR | restart DIR PORT"; }

# Runs a command as the cluster owner, from a directory it can read.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd / && runuser -u postgres -- "$@")
  else
    (cd / && "$@")
  fi
}

ensure_binaries() {
  [ -x "$PG_BIN/initdb" ] && return 0
  [ "$(id -u)" -eq 0 ] || die "$PG_BIN/initdb missing; as root run: apt-get update && apt-get install -y postgresql"
  echo "pg-cluster: installing PostgreSQL 15 (Debian package postgresql)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y postgresql
  [ -x "$PG_BIN/initdb" ] || die "the postgresql package did not provide $PG_BIN/initdb (not Debian 12?)"
}

start() {
  local dir=$1 port=$2
  [[ $port =~ ^[0-9]+$ ]] || die "PORT must be a number, got '$port'"
  ensure_binaries
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  [ -z "$(ls -A "$dir")" ] || die "$dir is not empty"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || die "user postgres does not exist (install the postgresql package)"
    chown postgres:postgres "$dir"
    chmod 700 "$dir"
  fi
  as_owner test -w "$dir" || die "$dir is not writable by the cluster owner (are its parent directories traversable?)"

  echo "pg-cluster: initdb in $dir/data"
  as_owner "$PG_BIN/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; die "initdb failed"; }

  echo "pg-cluster: starting on 127.0.0.1:$port"
  if ! as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start; then
    tail -n 30 "$dir/postgres.log" >&2 || true
    die "PostgreSQL did not start (port $port in use?)"
  fi

  as_owner "$PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB_NAME"
  echo "pg-cluster: ready: postgres://postgres@127.0.0.1:$port/$DB_NAME"
}

stop() {
  local dir=$1
  if [ ! -f "$dir/data/postmaster.pid" ]; then
    echo "pg-cluster: no running cluster in $dir"
    return 0
  fi
  as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop
}

# Starts an existing, stopped cluster again with the options start() gave it.
restart() {
  local dir=$1 port=$2
  dir=$(cd "$dir" && pwd)
  as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null
}

case "${1:-}" in
  start) [ $# -eq 3 ] || usage; start "$2" "$3" ;;
  restart) [ $# -eq 3 ] || usage; restart "$2" "$3" ;;
  stop) [ $# -eq 2 ] || usage; stop "$2" ;;
  *) usage ;;
esac
