/**
 * Team mode: each live event stream belongs to the session that opened it, and ends when that session
 * ends, on every instance:
 * - at once when a `sessions` message says it ended (sign-out names the session; a password reset or
 *   the user disabled names the user, with `ended`), sent by whichever instance ended it (on
 *   PostgreSQL a NOTIFY; on SQLite this process's);
 * - when a re-read of the session in the store finds it gone: on a message naming the user without
 *   `ended` (a new role or budget, or an older sender), on the session's expiry, and every
 *   `recheckMs` — the last covers what sends no message this process hears: `npm run user:add
 *   --replace` run as a process of its own on SQLite, or a row deleted by hand.
 * One re-read serves every stream of a session (a user's tabs share it).
 */
import type { BffStore, StoreMessage } from '../store/store';

/** How often an open stream's session is read again (a change no message tells of ends it by then). */
export const SESSION_RECHECK_MS = 5000;

type Watched = {
  userId: string;
  /** The streams' ends: each closes its stream at once (no event is written after it). */
  ends: Set<() => void>;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts reads: a read answered after a newer one started decides nothing. */
  reads: number;
};

export class SessionStreams {
  private readonly bySession = new Map<string, Watched>();
  private readonly stop: () => void;

  constructor(
    private readonly store: BffStore,
    private readonly opts: { now: () => Date; recheckMs?: number; log: (line: string) => void },
  ) {
    this.stop = store.onMessage((m) => this.heard(m));
  }

  /**
   * Ties a stream to its session (`idHash`, of `userId`): `end` is called once the session ends. The
   * session is read at once, so one that ended before the stream was tied to it ends the stream too.
   * Answers the release (call it when the stream closes on its own).
   */
  hold(idHash: string, userId: string, end: () => void): () => void {
    let w = this.bySession.get(idHash);
    if (!w) {
      w = { userId, ends: new Set(), timer: undefined, reads: 0 };
      this.bySession.set(idHash, w);
    }
    w.ends.add(end);
    void this.check(idHash);
    return () => {
      const current = this.bySession.get(idHash);
      if (!current?.ends.delete(end) || current.ends.size > 0) return;
      clearTimeout(current.timer);
      this.bySession.delete(idHash);
    };
  }

  /** Sessions this process holds streams of. */
  get size(): number {
    return this.bySession.size;
  }

  close(): void {
    this.stop();
    for (const w of this.bySession.values()) clearTimeout(w.timer);
    this.bySession.clear();
  }

  private heard(m: StoreMessage): void {
    if (m.kind !== 'sessions') return;
    if (m.idHash !== undefined && this.bySession.has(m.idHash)) {
      if (m.ended) this.endSession(m.idHash);
      else void this.check(m.idHash);
    }
    if (m.userId === undefined) return;
    for (const [idHash, w] of [...this.bySession]) {
      if (w.userId !== m.userId) continue;
      if (m.ended) this.endSession(idHash);
      else void this.check(idHash);
    }
  }

  private endSession(idHash: string): void {
    const w = this.bySession.get(idHash);
    if (!w) return;
    this.bySession.delete(idHash);
    clearTimeout(w.timer);
    for (const end of [...w.ends]) end();
  }

  /** Reads the session: gone (ended, expired, its user disabled or another's) ends its streams. */
  private async check(idHash: string): Promise<void> {
    const w = this.bySession.get(idHash);
    if (!w) return;
    clearTimeout(w.timer);
    w.timer = undefined;
    const read = ++w.reads;
    const recheckMs = this.opts.recheckMs ?? SESSION_RECHECK_MS;
    let row: Awaited<ReturnType<BffStore['sessionUser']>>;
    try {
      row = await this.store.sessionUser(idHash, this.opts.now().toISOString());
    } catch (err) {
      // The store unreachable says nothing of the session: the streams stay, and it is read again.
      this.opts.log(`[bff] an event stream's session could not be read: ${(err as Error).message}`);
      if (this.bySession.get(idHash) === w && read === w.reads) this.schedule(idHash, w, recheckMs);
      return;
    }
    if (this.bySession.get(idHash) !== w || read !== w.reads) return;
    if (!row || row.id !== w.userId) {
      this.endSession(idHash);
      return;
    }
    // Read again at the expiry if it comes before the next regular read.
    const left = Date.parse(row.expiresAt) - this.opts.now().getTime();
    this.schedule(idHash, w, Math.max(1, Math.min(recheckMs, left)));
  }

  private schedule(idHash: string, w: Watched, ms: number): void {
    w.timer = setTimeout(() => void this.check(idHash), ms);
    // A stream's timer must not keep the process alive (a shutdown closes the streams anyway).
    w.timer.unref?.();
  }
}
