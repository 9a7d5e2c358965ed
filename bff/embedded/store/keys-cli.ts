/**
 * `npm run keys`: manage the embedded service's API keys in DATA_DIR.
 *   npm run keys                          list keys (never the secrets: only hashes are stored)
 *   npm run keys create <name> <plan> [credits]   create a random key and print it once
 *   npm run keys revoke <id>
 *   npm run keys credits <id> <credits>   set a key's balance
 */
import { PLANS, type Plan } from '../../contract/pricing';
import { datasetConfigFromEnv } from '../config';
import { databaseFile, openDatabase } from './db';
import { createKey, DEV_KEY_CREDITS, listKeys, revokeKey, setCredits } from './keys';

const [command = 'list', ...args] = process.argv.slice(2);
let dataDir: string;
try {
  dataDir = datasetConfigFromEnv().dataDir;
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
const db = openDatabase(databaseFile(dataDir));

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function wholeNumber(raw: string | undefined, what: string): number {
  const n = Number(raw);
  if (raw === undefined || !Number.isFinite(n) || n < 0) fail(`${what} must be a non-negative number`);
  return n;
}

switch (command) {
  case 'list': {
    const rows = listKeys(db);
    if (rows.length === 0)
      console.log('No keys yet: the service creates the development keys on its first start.');
    for (const k of rows) {
      console.log(
        `${String(k.id).padStart(3)}  ${k.plan.padEnd(12)} ${k.credits.toFixed(2).padStart(14)} credits  ${k.name}${k.revoked_at ? `  (revoked ${k.revoked_at})` : ''}`,
      );
    }
    break;
  }
  case 'create': {
    const [name, plan, credits] = args;
    if (!name || !plan) fail('usage: npm run keys create <name> <payg|subscription|enterprise> [credits]');
    if (!(PLANS as readonly string[]).includes(plan)) fail(`plan must be one of ${PLANS.join(', ')}`);
    const created = createKey(
      db,
      name,
      plan as Plan,
      credits === undefined ? DEV_KEY_CREDITS : wholeNumber(credits, 'credits'),
    );
    console.log(`Created key ${created.id} (${plan}). Store it now; it is not shown again:\n${created.key}`);
    break;
  }
  case 'revoke': {
    const id = wholeNumber(args[0], 'id');
    if (!revokeKey(db, id)) fail(`no active key with id ${id}`);
    console.log(`Revoked key ${id}.`);
    break;
  }
  case 'credits': {
    const id = wholeNumber(args[0], 'id');
    const credits = wholeNumber(args[1], 'credits');
    if (!setCredits(db, id, credits)) fail(`no key with id ${id}`);
    console.log(`Key ${id} now has ${credits} credits.`);
    break;
  }
  default:
    fail(`unknown command "${command}": use list, create, revoke or credits`);
}
db.close();
