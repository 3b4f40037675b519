/** The PRNG lives in contracts (the web app's advert shuffle uses it too); platform's callers import it from here. */
export { seededRandom } from '@kainga/contracts';
