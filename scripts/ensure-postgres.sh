#!/usr/bin/env bash
# The PostgreSQL test projects (server-pg, e2e-pg) start a throwaway cluster with Debian's PostgreSQL
# 15+ (initdb, pg_ctl: server/test/postgres-cluster.ts). Installs it when missing and we are root;
# otherwise says what to install.
set -euo pipefail
has_postgres() {
  [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/initdb" ] && return 0
  for version in 17 16 15; do [ -x "/usr/lib/postgresql/$version/bin/initdb" ] && return 0; done
  return 1
}
if has_postgres; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing PostgreSQL for the PostgreSQL test projects..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  # Only the programs: the tests start their own cluster, so Debian's default one is not needed.
  apt-get install -y -q --no-install-recommends postgresql >/dev/null
  has_postgres && exit 0
fi
echo "PostgreSQL tests need PostgreSQL 15 or newer: run 'sudo apt-get install -y postgresql' (or set PG_BIN to the folder holding initdb and pg_ctl)." >&2
exit 1
