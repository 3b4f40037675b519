#!/bin/bash
# The `mongo` container's entrypoint: a single-node replica set with access control, over TLS.
# mongod refuses a keyfile that is not its own or that others may read, and a compose secret is
# the host file mounted as it is; its TLS key comes from the `certs` job owned by root. So copies
# owned by mongodb (mode 400) are made first. The image's own entrypoint then creates the root
# user from MONGO_INITDB_ROOT_* on the first start (without --keyFile and --replSet, TLS allowed
# rather than required, on 127.0.0.1, for that step) and runs mongod as the mongodb user.
set -euo pipefail
install -m 400 -o mongodb -g mongodb /run/secrets/mongo_keyfile /tmp/mongo-keyfile
install -m 400 -o mongodb -g mongodb /certs/mongo.pem /tmp/mongo.pem
# Clients verify the server against the CA; they sign in with a password, not a certificate.
exec docker-entrypoint.sh mongod --replSet rs0 --bind_ip_all --keyFile /tmp/mongo-keyfile \
  --tlsMode requireTLS --tlsCertificateKeyFile /tmp/mongo.pem --tlsCAFile /certs/ca.crt \
  --tlsAllowConnectionsWithoutCertificates
