#!/bin/sh
# One-shot job of `docker compose up` (temporalio/admin-tools): creates Temporal's two databases on
# the first run and brings their schemas up to this admin-tools release's version on every run, so
# an existing volume is upgraded in place. What temporalio/auto-setup did before starting the server.
set -eu
sql() { temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -p 5432 -u "$POSTGRES_USER" --pw "$POSTGRES_PWD" --db "$@"; }
for db in temporal temporal_visibility; do
  # Refused when the database exists (a second run): the schema steps below still run.
  sql "$db" create || echo "database $db exists"
done
sql temporal setup-schema -v 0.0
sql temporal update-schema -d /etc/temporal/schema/postgresql/v12/temporal/versioned
sql temporal_visibility setup-schema -v 0.0
sql temporal_visibility update-schema -d /etc/temporal/schema/postgresql/v12/visibility/versioned
echo "Temporal schemas are up to date."
