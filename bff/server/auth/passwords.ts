/**
 * Password hashing with Node's scrypt and a random salt per user; comparison in constant time.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
/** N = 2^15 costs ~50-100 ms and 32 MiB per hash on this kind of machine: slow for guessing, fine for signing in. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export type PasswordHash = { hash: string; salt: string };

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt);
  return { hash: hash.toString('base64'), salt: salt.toString('base64') };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const actual = await derive(password, Buffer.from(stored.salt, 'base64'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A hash to verify against when the user name is unknown, so that an unknown name takes as long to
 * refuse as a wrong password (the answer must not reveal which names exist).
 */
let decoy: Promise<PasswordHash> | undefined;
export function decoyHash(): Promise<PasswordHash> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
