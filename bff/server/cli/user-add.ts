/**
 * `npm run user:add`: adds a team-mode account to the BFF's store (DATA_DIR/bff.sqlite, or the
 * PostgreSQL database of DATABASE_URL).
 *
 *   npm run user:add -- --name alice [--role admin|member] [--budget 500] [--replace] [--password-stdin]
 *
 * A new user is a member unless `--role admin`; with `--replace`, the role is kept unless given.
 * The password is asked for twice without echo, or read from the first line of stdin with
 * `--password-stdin` (for scripts). It is never taken from the command line, where it would land in
 * the shell history and the process list.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '../../contract/admin';
import { addUser, validateNewUser } from '../auth/users';
import { bffVariables } from '../config';
import { openStore } from '../store/open';

function readHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    if (!stdin.isTTY) {
      reject(new Error('no terminal to ask for the password; use --password-stdin'));
      return;
    }
    process.stdout.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          process.stdout.write('\n');
          process.exit(130);
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

function readFirstLine(): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin });
    let done = false;
    rl.once('line', (line) => {
      done = true;
      rl.close();
      resolve(line);
    });
    rl.once('close', () => {
      if (!done) resolve('');
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      budget: { type: 'string' },
      role: { type: 'string' },
      replace: { type: 'boolean', default: false },
      'password-stdin': { type: 'boolean', default: false },
    },
  });
  let name = values.name?.trim();
  if (!name) {
    if (!process.stdin.isTTY) throw new Error('give the user name with --name');
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    name = (await new Promise<string>((resolve) => rl.question('User name: ', resolve))).trim();
    rl.close();
  }
  const role = values.role?.trim();
  if (role !== undefined && !(ROLES as readonly string[]).includes(role))
    throw new Error(`--role must be ${ROLES.join(' or ')}, not "${role}"`);
  let dailyBudget: number | null = null;
  if (values.budget !== undefined && values.budget !== 'unlimited') {
    dailyBudget = Number(values.budget);
    if (!Number.isFinite(dailyBudget) || dailyBudget < 0)
      throw new Error('--budget must be a number of credits (or "unlimited")');
  }
  let password: string;
  if (values['password-stdin']) {
    password = await readFirstLine();
  } else {
    password = await readHidden('Password: ');
    const again = await readHidden('Password again: ');
    if (again !== password) throw new Error('the two passwords differ');
  }
  const problems = validateNewUser(name, password);
  if (problems.length > 0) throw new Error(problems.join('; '));

  // The store `npm start` opens with the same environment (config.ts).
  const env = bffVariables(['DATABASE_URL', 'DATA_DIR']);
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const { user, created } = await addUser(
      store,
      { name, password, dailyBudget, ...(role ? { role: role as Role } : {}) },
      { replace: values.replace },
    );
    console.log(
      `${created ? 'Added' : 'Reset'} user "${user.name}" in ${store.where} (role: ${user.role}; daily budget: ${dailyBudget ?? 'BFF_DAILY_BUDGET or unlimited'}).` +
        (created ? '' : ' Their sessions were ended.'),
    );
    console.log('Team mode: start the BFF with BFF_MODE=team.');
  } finally {
    await store.close();
  }
}

main().catch((err: Error) => {
  console.error(`user:add: ${err.message}`);
  process.exit(1);
});
