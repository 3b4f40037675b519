export type { PersonalDataVault } from './personal-data-vault';
export { visitorPersonOf } from './personal-data-vault';
export { keyedDigestOf, streamInUse } from './keyed-name';
export { CachedVaultKeys } from './cached-vault-keys';
export { PersonalEventCodec, SEALED_KEY, type SealedFields } from './personal-event-codec';
export { PersonalDataEventStore } from './personal-data-event-store';
export { SqlitePersonalDataVault } from './sqlite-personal-data-vault';
