import { createLogger } from '../logger';

/**
 * A process that logs and then ends as argv[2] says, for batched-destination.test.ts: its lines
 * must reach stdout however it ends.
 */
const logger = createLogger('info', 'fixture');
for (let i = 0; i < 3; i++) logger.info({ i }, 'before the end');
const how = process.argv[2];
if (how === 'exit') process.exit(0);
if (how === 'crash') throw new Error('crashed on purpose');
// 'natural': the event loop empties (the flush timer does not hold it open).
