// MongoDB healthcheck for docker compose (run by mongosh inside the `mongo` container).
// Read-model commits are multi-document transactions, which need a replica set: on the first
// start this initiates the single-node set `rs0`, advertised as `mongo:27017` to the other
// containers. The container only reports healthy once this node is the writable primary.
try {
  rs.status();
} catch (error) {
  rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] });
}
if (!db.hello().isWritablePrimary) quit(1);
