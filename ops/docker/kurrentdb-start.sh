#!/bin/sh
# The `eventstore` container's entrypoint. KurrentDB takes its initial admin and ops passwords
# from environment variables only (never a file or the command line, by design): they are read
# here from the compose secrets, so they are in neither the compose file nor `docker inspect`.
# They apply at the database's first start; later, change them in the admin UI.
set -eu
KURRENTDB_DEFAULT_ADMIN_PASSWORD=$(cat /run/secrets/kurrentdb_admin_password)
KURRENTDB_DEFAULT_OPS_PASSWORD=$(cat /run/secrets/kurrentdb_ops_password)
export KURRENTDB_DEFAULT_ADMIN_PASSWORD KURRENTDB_DEFAULT_OPS_PASSWORD
exec /opt/kurrentdb/KurrentDB "$@"
