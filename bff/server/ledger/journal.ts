/**
 * The ledger's local journal: where lines go when the store cannot take them (its database is down),
 * synced to disk before the call they record is answered, and replayed into the store until it
 * takes them (ledger.ts). One file per BFF process in its data directory; a process that finds the
 * file of a process that is gone (killed while its database was down) adopts its lines at start.
 *
 * A file is JSON lines, each `{store, rows, released}`: the lines of one batch and the holds it
 * ended. Writing a batch twice is harmless (ledger lines carry their own id), so a replay that
 * stopped halfway is simply run again. A line cut short by a crash is a batch whose answers never
 * went out (they wait for the sync): it is skipped.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { LedgerRow } from '../store/store';

export type JournalBatch = { rows: LedgerRow[]; released: string[] };

const PREFIX = 'ledger-journal-';

/** A journal's batches of the store `where`, and whether it holds any of another store. */
function parse(text: string, where: string): { batches: JournalBatch[]; foreign: boolean } {
  const batches: JournalBatch[] = [];
  let foreign = false;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const b = JSON.parse(line) as { store?: string; rows?: LedgerRow[]; released?: string[] };
      if (b.store !== where) foreign = true;
      else batches.push({ rows: b.rows ?? [], released: b.released ?? [] });
    } catch {
      // A batch cut short by a crash: its calls were never answered.
    }
  }
  return { batches, foreign };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class LedgerJournal {
  readonly file: string;

  constructor(
    readonly dir: string,
    /** The store the lines belong to (`BffStore.where`): another store's journal is left alone. */
    private readonly where: string,
  ) {
    this.file = path.join(dir, `${PREFIX}${process.pid}-${randomBytes(4).toString('hex')}.jsonl`);
  }

  /** Appends a batch and waits until it is on the disk. */
  async append(batch: JournalBatch): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const handle = await open(this.file, 'a', 0o600);
    try {
      await handle.appendFile(`${JSON.stringify({ store: this.where, ...batch })}\n`);
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  /** This process's batches not yet replayed. */
  async batches(): Promise<JournalBatch[]> {
    try {
      return parse(await readFile(this.file, 'utf8'), this.where).batches;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }

  /** Forgets every batch: all are in the store. */
  async clear(): Promise<void> {
    await unlink(this.file).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  /**
   * Takes over the journals of processes that are gone (of this store): their batches are appended
   * to this one's, synced, and their files removed. Answers how many batches were taken.
   */
  async adoptOrphans(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let taken = 0;
    for (const name of names) {
      const m = /^ledger-journal-(\d+)-[0-9a-f]+\.jsonl$/.exec(name);
      if (!m || name === path.basename(this.file)) continue;
      const pid = Number(m[1]);
      if (pid === process.pid || alive(pid)) continue;
      const file = path.join(this.dir, name);
      const text = await readFile(file, 'utf8').catch(() => '');
      const { batches, foreign } = parse(text, this.where);
      if (foreign) continue; // another store's lines: for a BFF on that store

      for (const b of batches) await this.append(b);
      await unlink(file).catch(() => {});
      taken += batches.length;
    }
    return taken;
  }
}
