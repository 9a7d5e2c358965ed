/**
 * `GET/POST/DELETE /bff/session` (contract in bff/contract/bff.ts): who is signed in, sign in, sign
 * out. A failed sign-in answers the same 401 whether the name exists or not, after the same scrypt
 * work. Attempts per name and per client address are counted before the password is checked and
 * limited (429; ../security/throttle.ts SignInThrottle). A disabled account with the right password
 * gets 403 and no session.
 */
import { type Context, Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { type BffMode, type SessionInfo, SignInRequest } from '../../contract/bff';
import type { BffEnv, BffUser } from '../context';
import { problem } from '../proxy/problem';
import { jsonInput, route } from '../routing';
import type { SignInThrottle } from '../security/throttle';
import type { BffStore } from '../store/store';
import { cookieNamed } from './cookie';
import { decoyHash, verifyPassword } from './passwords';
import { createSession, deleteSession, SECURE_SESSION_COOKIE, SESSION_COOKIE, sessionUser } from './sessions';

export type SessionRoutesOptions = {
  mode: BffMode;
  store: BffStore;
  localUser: BffUser;
  sessionTtlMs: number;
  throttle: SignInThrottle;
  /** Whether this request came over HTTPS (the cookie is then Secure and `__Host-` prefixed). */
  secure: (c: Context<BffEnv>) => boolean;
  clientAddress: (c: Context<BffEnv>) => string;
  now: () => Date;
};

/** The session id the browser sent, from either cookie name. */
export function sessionCookie(req: Request): string | undefined {
  const header = req.headers.get('cookie') ?? undefined;
  return cookieNamed(header, SECURE_SESSION_COOKIE) ?? cookieNamed(header, SESSION_COOKIE);
}

/** The signed-in user of a team-mode request, if any. */
export function resolveSessionUser(
  req: Request,
  store: BffStore,
  now: Date,
): BffUser | undefined | Promise<BffUser | undefined> {
  const id = sessionCookie(req);
  return id ? sessionUser(store, id, now) : undefined;
}

export function sessionRoutes(o: SessionRoutesOptions): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  const info = (user: BffUser | undefined): SessionInfo => ({
    mode: o.mode,
    user: user ? { id: user.id, name: user.name, role: user.role ?? 'member' } : null,
  });

  route(app, 'bff.session', (c) => {
    if (o.mode === 'local') return c.json(info(o.localUser));
    return c.json(info(c.get('user') as BffUser | undefined));
  });

  route(app, 'bff.signIn', async (c) => {
    if (o.mode === 'local')
      return problem(409, 'This BFF runs in local mode: there is nothing to sign in to.');
    const input = await jsonInput(c, SignInRequest);
    if (!input.ok) return input.response;
    const { username, password } = input.value;
    const attempt = await o.throttle.attempt(username, o.clientAddress(c), async () => {
      // An unknown name is checked against a decoy hash: the same scrypt work as a known one.
      const user = await o.store.findUserByName(username);
      const good = await verifyPassword(password, user ?? (await decoyHash()));
      return user && good ? user : undefined;
    });
    if (!attempt.ok) {
      return problem(429, 'Too many failed sign-ins; wait before trying again.', {
        headers: { 'retry-after': String(attempt.retryAfterS) },
      });
    }
    const user = attempt.value;
    if (!user) return problem(401, 'The user name or the password is wrong.');
    // Said only to whoever knows the password: it names no account to a guesser.
    if (user.disabled) return problem(403, 'This account is disabled; ask an admin of your team.');
    const old = sessionCookie(c.req.raw);
    if (old) await deleteSession(o.store, old);
    const session = await createSession(o.store, user.id, o.sessionTtlMs, o.now());
    const secure = o.secure(c);
    if (secure) deleteCookie(c, SESSION_COOKIE, { path: '/' });
    setCookie(c, secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, session.id, {
      httpOnly: true,
      sameSite: 'Strict',
      secure,
      path: '/',
      expires: session.expires,
    });
    return c.json(info(user));
  });

  route(app, 'bff.signOut', async (c) => {
    if (o.mode === 'local')
      return problem(409, 'This BFF runs in local mode: there is nothing to sign out of.');
    const id = sessionCookie(c.req.raw);
    if (id) await deleteSession(o.store, id);
    const secure = o.secure(c);
    deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Strict', secure });
    if (secure)
      deleteCookie(c, SECURE_SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Strict', secure: true });
    return c.body(null, 204);
  });
  return app;
}
