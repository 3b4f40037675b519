#!/bin/sh
# Creates the secrets docker-compose.yml reads, each only if it is missing (an existing one is kept:
# MongoDB and KurrentDB take their passwords at their first start only):
#   sh ops/docker/make-secrets.sh [DIR]     DIR defaults to ./secrets (ignored by git and docker builds)
# The directory is private to you (700); the files in it are readable (644) because compose mounts
# each file into the containers that need it as it is, and those run as users other than yours.
# Passwords are hex, so they go into a URL unescaped; the MongoDB keyfile is base64, as mongod wants.
set -eu
dir=${1:-secrets}
mkdir -p "$dir"
chmod 700 "$dir"
random_hex() { head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
create() {
  name=$1
  shift
  if [ -s "$dir/$name" ]; then
    echo "kept    $dir/$name"
    return
  fi
  "$@" > "$dir/$name.new"
  chmod 644 "$dir/$name.new"
  mv "$dir/$name.new" "$dir/$name"
  echo "created $dir/$name"
}
create mongo-root-password random_hex
create mongo-keyfile sh -c 'head -c 756 /dev/urandom | base64'
create kurrentdb-admin-password random_hex
create kurrentdb-ops-password random_hex
