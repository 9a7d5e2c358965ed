/**
 * The team's company store (docs/decisions/0024-company-store.md): every company section and list
 * order the team paid for, in the BFF's store (SQLite or PostgreSQL, shared by all instances), served
 * while younger than `BFF_STORE_MAX_AGE`. This module is its memory and its arithmetic; ./port.ts
 * composes answers from it.
 */
import { parse as parseDomain } from 'tldts';
import type { CompanyQuote } from '../../contract/company-store';
import { credits, enrichmentCost, PLAN_RULES, type Plan, SECTION_PRICES } from '../../contract/pricing';
import { resolveSectionName, type StoredSection } from '../../contract/section-names';
import type { PortableSql } from '../store/store';
import { CompanyStoreQueries, type KeptAnswer, type StoredSectionRow } from './queries';

export type CompanyStoreOptions = {
  /** How long what was bought is served; 0: the store is off and calls pass through. */
  maxAgeMs: number;
  plan: Plan;
  now: () => Date;
  log: (line: string) => void;
  /** Told of what an answer saved a user (the live `usage.changed` event, so the header moves). */
  onSaved?: (userId: string, endpoint: string, credits: number) => void;
};

/** How often stale rows are deleted (they are never served; this only keeps the tables small). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** The key a company asked for by website is remembered under: its registrable domain. */
export function websiteKey(company: string): string | undefined {
  const text = company.trim().toLowerCase();
  if (!text.includes('.')) return undefined;
  const parsed = parseDomain(text.includes('://') ? text : `http://${text}`);
  return parsed.domain ?? parsed.hostname ?? undefined;
}

export class CompanyStore {
  private readonly q: CompanyStoreQueries;
  private lastPrune = 0;

  constructor(
    sql: PortableSql,
    readonly o: CompanyStoreOptions,
  ) {
    this.q = new CompanyStoreQueries(sql);
  }

  get on(): boolean {
    return this.o.maxAgeMs > 0;
  }

  get plan(): Plan {
    return this.o.plan;
  }

  nowIso(): string {
    return this.o.now().toISOString();
  }

  /** The oldest fetch time still served. */
  private since(): string {
    return new Date(this.o.now().getTime() - this.o.maxAgeMs).toISOString();
  }

  sections(uuids: readonly string[], sections: readonly string[]): Promise<StoredSectionRow[]> {
    return this.q.sections(uuids, sections, this.since());
  }

  async putSections(rows: readonly { uuid: string; section: string; body: unknown }[], at: string) {
    if (rows.length > 0) await this.q.putSections(rows, at);
    this.maybePrune();
  }

  kept(key: string): Promise<KeptAnswer | undefined> {
    return this.q.kept(key, this.since());
  }

  /** A kept list order, unless its list was renewed (read afresh by a saved list's run) after it was. */
  keptOrder(key: string, renewedKey: string): Promise<KeptAnswer | undefined> {
    return this.q.keptOrder(key, renewedKey, this.since());
  }

  /** Marks a list read afresh at `at` (./renewal.ts): its orders kept before are bought again. */
  renew(renewedKey: string, at: string): Promise<void> {
    return this.q.renew(renewedKey, at);
  }

  putKept(key: string, body: unknown, at: string): Promise<void> {
    return this.q.putKept(key, body, at);
  }

  /** The uuid of a company as asked for (a uuid the store holds, or a website it was asked by). */
  async uuidOf(company: string): Promise<string | undefined> {
    const key = websiteKey(company);
    if (key !== undefined) return this.q.uuidOfKey(key, this.since());
    const uuid = company.trim();
    return (await this.q.knowsUuid(uuid, this.since())) ? uuid : undefined;
  }

  async learnKey(company: string, uuid: string, at: string): Promise<void> {
    const key = websiteKey(company);
    if (key !== undefined) await this.q.putKey(key, uuid, at);
  }

  async recordSaved(userId: string, endpoint: string, saved: number): Promise<void> {
    await this.q.recordSaved({ userId, endpoint, credits: saved, at: this.o.now() });
    this.o.onSaved?.(userId, endpoint, saved);
  }

  savedOn(userId: string, day: string): Promise<number> {
    return this.q.savedOn(userId, day);
  }

  savedSince(firstDay: string) {
    return this.q.savedSince(firstDay);
  }

  /** The sections a plan's enrichment serves, of those named (aliases read as their section). */
  enrichable(names: readonly string[]): StoredSection[] {
    const allowed = PLAN_RULES[this.o.plan].sections;
    const out = new Set<StoredSection>();
    for (const n of names) {
      const s = resolveSectionName(n);
      if (s && allowed.includes(s)) out.add(s);
    }
    return [...out];
  }

  /** What the missing (company, section) pairs cost now, at enrichment prices. */
  async quote(companies: readonly string[], names: readonly string[]): Promise<CompanyQuote> {
    const sections = this.enrichable(names);
    const uuids = [...new Set(companies)];
    const perCompany = enrichmentCost(sections);
    const without = credits(perCompany * uuids.length);
    if (!this.on || sections.length === 0)
      return {
        credits: without,
        credits_without_store: without,
        pairs_missing: uuids.length * sections.length,
        pairs_stored: 0,
        oldest: null,
        store: this.on,
      };
    const stored = await this.sections(uuids, sections);
    let storedCredits = 0;
    let oldest: string | null = null;
    for (const row of stored) {
      storedCredits += SECTION_PRICES[row.section as StoredSection] ?? 0;
      if (oldest === null || row.fetchedAt < oldest) oldest = row.fetchedAt;
    }
    return {
      credits: credits(Math.max(0, without - storedCredits)),
      credits_without_store: without,
      pairs_missing: uuids.length * sections.length - stored.length,
      pairs_stored: stored.length,
      oldest,
      store: true,
    };
  }

  private maybePrune(): void {
    const now = this.o.now().getTime();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    this.q
      .prune(this.since())
      .catch((err: Error) => this.o.log(`[bff] the company store could not prune: ${err.message}`));
  }
}
