#!/bin/sh
# One-shot job of `docker compose up` (temporalio/admin-tools): creates the `default` namespace the
# app and its worker use, once the server answers. Idempotent: an existing namespace is left alone.
set -eu
host=${TEMPORAL_ADDRESS%:*}
port=${TEMPORAL_ADDRESS##*:}
# By IPv4 address: upstream's compose does the same, the CLI having trouble with the name alone.
address="$(getent ahosts "$host" | awk '/STREAM/ { print $1; exit }'):$port"
tries=0
until temporal operator cluster health --address "$address"; do
  tries=$((tries + 1))
  if [ "$tries" -ge 30 ]; then
    echo "Temporal at $TEMPORAL_ADDRESS did not become healthy." >&2
    exit 1
  fi
  sleep 2
done
temporal operator namespace describe --namespace default --address "$address" >/dev/null 2>&1 \
  || temporal operator namespace create --namespace default --address "$address"
echo "Namespace default is ready."
