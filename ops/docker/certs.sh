#!/bin/bash
# One-shot job of `docker compose up` (es-gencert-cli, KurrentDB's certificate tool): the TLS
# certificates of the `eventstore` and `mongo` services, from a CA of the compose stack's own.
#   /ca         (volume compose-ca): the CA's certificate and key, made once (valid 5 years)
#   /kurrentdb  (volume kurrentdb-certs, the eventstore's): node.crt, node.key and ca/ca.crt
#   /mongo      (volume mongo-certs, the mongo's): mongo.pem (certificate and key) and ca.crt
#   /public-ca  (./secrets/ca): ca.crt alone, for the app's containers and the host
# The servers' certificates are issued again at every run, valid 1 year. Each names the service
# (the app's address for it) and localhost/127.0.0.1 (the host's, and the container's own).
# Runs as root, with no network.
set -euo pipefail
if [ ! -f /ca/ca.crt ]; then
  es-gencert-cli create-ca -out /ca
fi
issue() { # name dns-names out-dir
  es-gencert-cli create-node -ca-certificate /ca/ca.crt -ca-key /ca/ca.key -out "$3" -name "$1" \
    -dns-names "$2" -ip-addresses 127.0.0.1 -force
}
issue node eventstore,localhost /kurrentdb
issue mongo mongo,localhost /tmp/mongo
mkdir -p /kurrentdb/ca
cp /ca/ca.crt /kurrentdb/ca/ca.crt
cat /tmp/mongo/mongo.crt /tmp/mongo/mongo.key > /mongo/mongo.pem
cp /ca/ca.crt /mongo/ca.crt
cp /ca/ca.crt /public-ca/ca.crt
# KurrentDB runs as its image's `kurrent` user (uid 1001) and reads its key itself; mongod's copy
# is made by ops/docker/mongo-start.sh as root. Keys are readable by their owner alone, the CA's
# by root alone; certificates are public.
chown 1001:1001 /kurrentdb/node.key
chmod 600 /ca/ca.key /kurrentdb/node.key /mongo/mongo.pem
chmod 755 /kurrentdb/ca
chmod 644 /kurrentdb/node.crt /kurrentdb/ca/ca.crt /mongo/ca.crt /public-ca/ca.crt
echo "Certificates are ready (the servers' valid 1 year from now)."
