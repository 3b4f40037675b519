#!/bin/sh
# Container health check of a process that serves no HTTP (projections, the Temporal worker):
#   sh ops/docker/heartbeat-fresh.sh FILE MAX_AGE_SECONDS
# Healthy (exit 0) when FILE, the process's heartbeat (HEARTBEAT_FILE, platform/src/health/heartbeat.ts),
# was written at most MAX_AGE_SECONDS ago. The process runs the real check itself every 30 s; this
# only reads a file's age with sh, stat and date, so no second Node process starts for the check.
set -u
file=$1
max_age=$2
if [ ! -f "$file" ]; then
  echo "No heartbeat at $file yet: the process is starting, or its last check failed (see its log)." >&2
  exit 1
fi
age=$(( $(date +%s) - $(stat -c %Y "$file") ))
if [ "$age" -gt "$max_age" ]; then
  echo "The heartbeat at $file is ${age} s old (at most ${max_age} s): its checks are failing or it is stuck (see its log)." >&2
  exit 1
fi
