/**
 * Changes a company of a running embedded service in place, as the vendor's data changes between two
 * checks of a saved list: one stored section rewritten in the service's own database, so every
 * endpoint that reads it (the signal endpoints generate from it) answers from the new value at once.
 * The query index is not rebuilt: change only what list filters do not read (headcount growth, say).
 */
import type { StoredSection } from '../contract/section-names';
import type { Sections } from '../contract/sections';
import type { Service } from '../embedded/service';
import { sectionColumn, statement } from '../embedded/store/db';

/**
 * Rewrites `section` of the company `uuid` with `change`; answers a function that puts the section
 * back as it was.
 */
export function changeSection<S extends StoredSection>(
  service: Service,
  uuid: string,
  section: S,
  change: (value: Sections[S]) => Sections[S],
): () => void {
  const column = sectionColumn(section);
  const db = service.ctx.db;
  const row = statement(db, `SELECT ${column} AS v FROM companies WHERE uuid = ?`).get(uuid) as
    | { v: string }
    | undefined;
  if (!row) throw new Error(`the embedded service has no company ${uuid}`);
  const write = (text: string) =>
    statement(db, `UPDATE companies SET ${column} = ? WHERE uuid = ?`).run(text, uuid);
  write(JSON.stringify(change(JSON.parse(row.v) as Sections[S])));
  return () => write(row.v);
}
