/**
 * Added companies (generator), the website verdicts, and the lifecycle rules of the queue, on a real
 * SQLite database.
 */
import { isDeepStrictEqual } from 'node:util';
import { getDomain } from 'tldts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDITION_STATES, type AdditionState } from '../../contract/api';
import { STORED_SECTIONS } from '../../contract/section-names';
import { SECTION_SCHEMAS } from '../../contract/sections';
import { companyForDomain, countryOfDomain } from '../dataset/generate';
import { buildPlan, type Plan } from '../dataset/plan';
import { industryByCode } from '../dataset/taxonomy';
import { openDatabase } from '../store/db';
import { ensureDevKeys } from '../store/keys';
import { parseWebsite, unrealDomainReason } from './domain';
import { ADDITION_MOVES, IllegalMoveError, insertRequest, moveRequest, utcDay } from './queue';

let plan: Plan;
beforeAll(() => {
  plan = buildPlan(7, 1200);
});

describe('a company generated for a submitted name and domain', () => {
  const identity = {
    name: 'Velora Robotics',
    domain: 'velora-robotics.de',
    website: 'https://www.velora-robotics.de',
  };

  it('fills every section exactly as the contract describes it, under the submitted identity', () => {
    const c = companyForDomain(plan, 1200, identity);
    for (const name of STORED_SECTIONS) {
      const parsed = SECTION_SCHEMAS[name].safeParse(c.sections[name]);
      expect(parsed.success, `${name}: ${parsed.error?.issues[0]?.message}`).toBe(true);
      expect(isDeepStrictEqual(parsed.data, c.sections[name]), `${name} has extra fields`).toBe(true);
    }
    expect(c.uuid).toMatch(/^0000xc-velora-robotics$/);
    expect(c.name).toBe('Velora Robotics');
    expect(c.sections.firmographic.name).toBe('Velora Robotics');
    expect(c.sections.firmographic.legal_name).toContain('Velora Robotics');
    expect(c.sections.digital_presence.domain).toBe('velora-robotics.de');
    expect(getDomain(c.website)).toBe(c.domain);
  });

  it('agrees with its domain and name: a .de company is German, a "Robotics" name picks a robotics industry', () => {
    const c = companyForDomain(plan, 1200, identity);
    expect(c.sections.location.hq.country.code).toBe('DEU');
    const industry = industryByCode(c.sections.industry.industry[0]!.code)!;
    expect(industry.name).toMatch(/Robotics/);
    expect(['operating', 'ipo']).toContain(c.sections.firmographic.operating_status.code);
    expect(countryOfDomain('acme.co.uk')).toBe('GBR');
    expect(countryOfDomain('acme.com')).toBeUndefined();
  });

  it('is the same company for the same domain, whatever its position, and another for another domain', () => {
    const a = companyForDomain(plan, 1200, identity);
    const b = companyForDomain(plan, 1500, identity);
    // Only the id (from the position) differs, and what is derived from it (product ids, links).
    const sameUpToId = (c: typeof a) =>
      JSON.stringify(c.sections).split(c.uuid).join('#').split(c.uuid.slice(0, 6)).join('@');
    expect(sameUpToId(b)).toBe(sameUpToId(a));
    const other = companyForDomain(plan, 1200, {
      ...identity,
      domain: 'velora.de',
      website: 'https://velora.de',
    });
    expect(
      other.sections.firmographic.founded_year === a.sections.firmographic.founded_year &&
        other.sections.headcount.employee_count === a.sections.headcount.employee_count,
    ).toBe(false);
  });
});

describe('websites', () => {
  it('refuses, at submission, what is not a hostname at all', () => {
    for (const w of [
      'not a website',
      'localhost',
      'acme',
      'ftp://acme.com',
      'mailto:x@acme.com',
      'http://',
      'acme..com',
    ])
      expect(parseWebsite(w).ok, w).toBe(false);
    const ok = parseWebsite('https://WWW.Acme.co.uk/pricing?x=1');
    expect(ok).toMatchObject({ ok: true, hostname: 'www.acme.co.uk', domain: 'acme.co.uk' });
    expect(parseWebsite('acme.com:8080')).toMatchObject({ ok: true, domain: 'acme.com' });
  });

  it('finds a reason for hostnames no real company can own, and none for real ones', () => {
    const reason = (w: string) => {
      const p = parseWebsite(w);
      if (!p.ok) throw new Error(`${w} should parse`);
      return unrealDomainReason(p);
    };
    expect(reason('https://acme.invalid')).toMatch(/\.invalid is a reserved top-level domain/);
    for (const w of ['acme.test', 'shop.acme.example', 'x.localhost', 'printer.local'])
      expect(reason(w)).toMatch(/reserved top-level domain/);
    expect(reason('www.example.com')).toMatch(/reserved for documentation/);
    expect(reason('http://10.1.2.3:8080')).toMatch(/IP address/);
    expect(reason('acme.zzzz')).toMatch(/not under a public top-level domain/);
    expect(reason('acme_corp.com')).toMatch(/not a valid domain name/);
    expect(reason('xn--zz.com')).toMatch(/not valid punycode/);
    for (const w of ['acme.com', 'https://www.acme.co.uk/', 'bücher.de', 'acme-robotics.io'])
      expect(reason(w), w).toBeNull();
  });
});

describe('the lifecycle of a request', () => {
  it('moves pending -> in_progress -> completed | failed and no other way, in code and in the database', () => {
    const db = openDatabase(':memory:');
    ensureDevKeys(db);
    const now = new Date('2026-11-20T10:00:00Z');
    const make = () =>
      insertRequest(db, { keyId: 1, companyName: 'Acme', website: 'acme.com', domain: 'acme.com', now });
    const allowed = new Set(['pending>in_progress', 'in_progress>completed', 'in_progress>failed']);
    for (const from of ADDITION_STATES)
      for (const to of ADDITION_STATES) {
        const legal = allowed.has(`${from}>${to}`);
        expect(ADDITION_MOVES[from].includes(to), `${from}>${to}`).toBe(legal);
        if (!legal) expect(() => moveRequest(db, make().id, from, to, now)).toThrow(IllegalMoveError);
      }
    // The trigger refuses what bypasses the code.
    const reach = (state: AdditionState) => {
      const row = make();
      if (state === 'pending') return row.id;
      moveRequest(db, row.id, 'pending', 'in_progress', now);
      if (state !== 'in_progress') moveRequest(db, row.id, 'in_progress', state, now, { reason: 'x' });
      return row.id;
    };
    const update = db.prepare('UPDATE addition_requests SET status = ? WHERE id = ?');
    for (const from of ADDITION_STATES)
      for (const to of ADDITION_STATES) {
        if (from === to) continue;
        const id = reach(from);
        if (allowed.has(`${from}>${to}`)) expect(() => update.run(to, id)).not.toThrow();
        else expect(() => update.run(to, id), `${from}>${to}`).toThrow(/cannot move that way/);
      }
    // A claim that lost the race moves nothing.
    const row = make();
    expect(moveRequest(db, row.id, 'pending', 'in_progress', now)?.status).toBe('in_progress');
    expect(moveRequest(db, row.id, 'pending', 'in_progress', now)).toBeUndefined();
    db.close();
  });

  it('counts the daily limit by UTC day', () => {
    expect(utcDay(new Date('2026-11-21T23:59:00Z'))).toEqual({
      start: new Date('2026-11-21T00:00:00Z'),
      secondsLeft: 60,
    });
    expect(utcDay(new Date('2026-11-21T00:00:00Z')).secondsLeft).toBe(86_400);
  });
});
