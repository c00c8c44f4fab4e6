#!/usr/bin/env bash
# Start a PostgreSQL server for the store tests (run as root, idempotent).
#
# Installs PostgreSQL from Debian's packages when it is missing, starts the
# newest cluster, and makes sure role `redraft` (password `redraft`) owns
# database `redraft_test`. Progress goes to stderr; stdout is one line that a
# caller can eval:
#
#     eval "$(scripts/postgres-ci.sh)"   # sets REDRAFT_TEST_POSTGRES_URL
set -euo pipefail

ROLE=redraft
PASSWORD=redraft
DATABASE=redraft_test
CLUSTER=main

log() { echo "postgres-ci: $*" >&2; }

if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        exec sudo --non-interactive "$0" "$@"
    fi
    log "run me as root (I install packages and start the server as user postgres)"
    exit 1
fi

# -- install ------------------------------------------------------------------
if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    log "installing PostgreSQL from the Debian packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
fi
VERSION=$(ls /usr/lib/postgresql | sort -V | tail -n 1)

# -- start --------------------------------------------------------------------
if ! pg_lsclusters --no-header | awk '{print $1, $2}' | grep -qx "$VERSION $CLUSTER"; then
    log "creating cluster $VERSION/$CLUSTER"
    pg_createcluster "$VERSION" "$CLUSTER" >&2
fi
PORT=$(pg_lsclusters --no-header | awk -v v="$VERSION" -v c="$CLUSTER" '$1 == v && $2 == c {print $3}')
if ! pg_ctlcluster "$VERSION" "$CLUSTER" status >/dev/null 2>&1; then
    log "starting cluster $VERSION/$CLUSTER on port $PORT"
    # The socket directory lives on a tmpfs on most machines and may be gone.
    install -d -o postgres -g postgres -m 2775 /var/run/postgresql
    pg_ctlcluster "$VERSION" "$CLUSTER" start >&2
fi
for _ in $(seq 1 60); do
    if pg_isready -q -h 127.0.0.1 -p "$PORT"; then
        break
    fi
    sleep 0.5
done
if ! pg_isready -q -h 127.0.0.1 -p "$PORT"; then
    log "the server did not come up on 127.0.0.1:$PORT"
    exit 1
fi

# -- role and database --------------------------------------------------------
psql_admin() { runuser -u postgres -- psql -X -q -v ON_ERROR_STOP=1 -p "$PORT" "$@"; }
psql_admin -d postgres >&2 <<SQL
DO \$\$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$ROLE') THEN
        CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD';
    ELSE
        ALTER ROLE $ROLE LOGIN PASSWORD '$PASSWORD';
    END IF;
END
\$\$;
SQL
if [ -z "$(psql_admin -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$DATABASE'")" ]; then
    log "creating database $DATABASE"
    psql_admin -d postgres -c "CREATE DATABASE $DATABASE OWNER $ROLE" >&2
fi

URL="postgresql://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DATABASE"
log "ready: $URL"
echo "export REDRAFT_TEST_POSTGRES_URL=$URL"
