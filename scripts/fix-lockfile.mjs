/**
 * The npm registry mirror these machines use does not serve some platform-specific optional
 * packages of other platforms (e.g. @tailwindcss/oxide-darwin-arm64). `npm install` then leaves
 * them out of package-lock.json and `npm ci` refuses the lock file ("Missing: … from lock file").
 * This adds a lock entry, marked optional, for every optional dependency that has none; npm ci
 * skips such packages on platforms that do not need them. Run after `npm install`:
 *   node scripts/fix-lockfile.mjs
 */
import fs from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    lock.packages[`node_modules/${name}`] = {
      version: String(spec).replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    };
    added++;
  }
}
if (added > 0) fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`fix-lockfile: ${added} optional lock entr${added === 1 ? 'y' : 'ies'} added`);
