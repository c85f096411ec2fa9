#!/usr/bin/env bash
# Makes sure PostgreSQL answers on 127.0.0.1:5432: starts the local cluster, or
# installs Debian's postgresql first. Says what it does; never skips silently.
set -euo pipefail
ready() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }
start_cluster() {
  if ! command -v pg_ctlcluster >/dev/null; then
    echo "PostgreSQL is not installed: installing Debian's postgresql"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  fi
  version=$(ls /etc/postgresql | sort -n | tail -1)
  echo "PostgreSQL is not running: starting cluster $version/main"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do ready && break; sleep 1; done
  if ! ready; then
    echo "PostgreSQL did not come up on 127.0.0.1:5432" >&2
    exit 1
  fi
}
as_postgres() { psql -h 127.0.0.1 -U postgres -Atc 'select 1' >/dev/null 2>&1; }
if ready; then
  # A server already running that is not ours to set (no trust for postgres): as it is.
  as_postgres || exit 0
else
  start_cluster
  # Tests connect as postgres over TCP; make sure that is allowed without a password.
  as_postgres || {
    echo "cannot connect as postgres@127.0.0.1 (the tests need trust or a DIALTONE_TEST_PG_URL)" >&2
    exit 1
  }
fi
# Kamailio keeps its dialogs in PostgreSQL with a connection per process (about 60 with
# the switch's defaults, 76 in the bench's), beside the server instances' pools: the
# default of 100 connections is too few for the bench's PostgreSQL rows.
if [ "$(psql -h 127.0.0.1 -U postgres -Atc 'show max_connections')" -lt 200 ]; then
  echo "PostgreSQL: max_connections to 200 (the switch's dialogs take one per Kamailio process)"
  psql -h 127.0.0.1 -U postgres -qc 'alter system set max_connections = 200'
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -n | tail -1)" main restart \
    || echo "PostgreSQL: restart it for max_connections to take effect" >&2
  for _ in $(seq 1 30); do ready && break; sleep 1; done
fi
