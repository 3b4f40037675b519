import { readFileSync } from 'node:fs';

/**
 * Variables naming a file that holds a server URL's password (a Docker or Kubernetes secret), so
 * the password is in neither the environment nor the compose file: the URL names the user, the
 * file gives the password, and the configuration carries the URL with both.
 */
export const PASSWORD_FILES = [
  { file: 'MONGO_PASSWORD_FILE', url: 'MONGO_URL', example: 'mongodb://kainga@mongo:27017/?replicaSet=rs0' },
  { file: 'EVENTSTORE_PASSWORD_FILE', url: 'EVENTSTORE_URL', example: 'esdb://admin@eventstore:2113?tls=true' },
] as const;

type UrlVariable = (typeof PASSWORD_FILES)[number]['url'];
type FileVariable = (typeof PASSWORD_FILES)[number]['file'];

/** scheme://userinfo@ — the userinfo ends at the first @ before any path, query or fragment. */
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^@/?#]*)@/i;

/**
 * Puts each password file's password into its URL (percent-encoded, so any character may be in
 * it). Answers the problems, each naming its variable; the password itself is never repeated.
 */
export function applyPasswordFiles(config: Partial<Record<UrlVariable | FileVariable, string | undefined>>): string[] {
  const problems: string[] = [];
  for (const { file: fileVar, url: urlVar, example } of PASSWORD_FILES) {
    const path = config[fileVar];
    if (!path) continue;
    const url = config[urlVar];
    if (!url) {
      problems.push(`${fileVar}: is set but ${urlVar} is not; the password is for ${urlVar}'s user`);
      continue;
    }
    const userinfo = USERINFO.exec(url);
    if (!userinfo?.[2]) {
      problems.push(`${urlVar}: must name the user whose password is in ${fileVar}, e.g. ${example}`);
      continue;
    }
    if (userinfo[2].includes(':')) {
      problems.push(`${urlVar}: has a password of its own while ${fileVar} is set; keep it in the file only`);
      continue;
    }
    let password: string;
    try {
      password = readFileSync(path, 'utf8').trim();
    } catch (error) {
      problems.push(`${fileVar}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
      continue;
    }
    if (!password) {
      problems.push(`${fileVar}: ${path} is empty; write the password into it`);
      continue;
    }
    config[urlVar] = url.replace(USERINFO, `$1$2:${encodeURIComponent(password)}@`);
  }
  return problems;
}
