// The `mongo-replica-set` job of docker compose (mongosh, against the `mongo` service): read-model
// commits are multi-document transactions, which need a replica set. On the first run this
// initiates the single-node set `rs0`, its member advertised as `mongo:27017` to the other
// containers; every run then waits until that node is the writable primary, and exits 0.
// Access control is on (keyfile), so it signs in as the root user first, the password read from
// the compose secret rather than given on the command line, where `ps` would show it.
const fs = require('fs');
const password = fs.readFileSync(process.env.MONGO_PASSWORD_FILE, 'utf8').trim();
db.getSiblingDB('admin').auth(process.env.MONGO_USER, password);
try {
  rs.status();
} catch (error) {
  if (error.codeName !== 'NotYetInitialized') throw error;
  rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] });
}
for (let waited = 0; !db.hello().isWritablePrimary; waited++) {
  if (waited >= 60) {
    print('MongoDB did not become the primary of rs0 within 60 s: see `docker compose logs mongo`.');
    quit(1);
  }
  sleep(1000);
}
print('MongoDB replica set rs0 is ready.');
