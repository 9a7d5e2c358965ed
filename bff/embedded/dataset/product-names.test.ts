import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../store/companies';
import { ANCHOR_PRODUCTS } from './anchor-products';
import { generateCompanies } from './generate';
import { type ProductKind, productBrand, productKind, productNames } from './product-names';
import { Rng } from './random';
import { INDUSTRIES, type Industry } from './taxonomy';

function industry(name: string): Industry {
  const found = INDUSTRIES.find((i) => i.name === name);
  if (!found) throw new Error(`no industry ${name}`);
  return found;
}

let companies: CompanyRecord[];
beforeAll(() => {
  companies = [...generateCompanies({ seed: 11, count: 2000 })];
});

const productsOf = (c: CompanyRecord) => c.sections.product_offering.products;

describe('product names in a generated dataset', () => {
  it('never repeat the company name alone and differ within a company', () => {
    const problems: string[] = [];
    for (const c of companies) {
      const names = productsOf(c).map((p) => p.name.toLowerCase());
      if (names.includes(c.name.toLowerCase())) problems.push(`${c.name}: named like the company`);
      if (new Set(names).size !== names.length) problems.push(`${c.name}: ${names.join(', ')}`);
    }
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('mostly leave the category out of the name and use no stock suffixes', () => {
    const all = companies.flatMap((c) => productsOf(c).map((p) => ({ c, p })));
    const withCategory = all.filter(({ p }) => p.name.toLowerCase().includes(p.category.toLowerCase()));
    // Before, about 63% of names were the brand plus the category.
    expect(withCategory.length / all.length).toBeLessThan(0.2);
    // Real products ('Uber One', 'PlayStation Plus') and categories ('SD-WAN edge') may end so.
    const real = new Set(Object.values(ANCHOR_PRODUCTS).flatMap((list) => list.map(([name]) => name)));
    const stock = all.filter(
      ({ p }) =>
        / (One|Plus|Core|Edge|Insights)$/.test(p.name) &&
        !real.has(p.name) &&
        !p.name.toLowerCase().endsWith(p.category.toLowerCase()),
    );
    expect(stock.map(({ p }) => p.name).slice(0, 5)).toEqual([]);
  });

  it('are varied: few names recur across companies and many do not start with the brand', () => {
    const names = companies.flatMap((c) => productsOf(c).map((p) => p.name));
    expect(new Set(names).size / names.length).toBeGreaterThan(0.95);
    const unbranded = companies.flatMap((c) =>
      productsOf(c).filter((p) => !p.name.startsWith(c.name.split(' ')[0]!)),
    );
    expect(unbranded.length / names.length).toBeGreaterThan(0.2);
  });

  it('list the real products of well-known anchors', () => {
    const microsoft = companies.find((c) => c.name === 'Microsoft');
    expect(microsoft).toBeDefined();
    const names = productsOf(microsoft!).map((p) => p.name);
    expect(names[0]).toBe('Microsoft 365');
    expect(names).toContain('Azure');
    expect(productsOf(microsoft!)[1]?.category).toBe('Cloud Platform');
  });

  it('are the same for the same seed', () => {
    const again = [...generateCompanies({ seed: 11, count: 2000 })].slice(0, 300);
    expect(again.map((c) => productsOf(c).map((p) => p.name))).toEqual(
      companies.slice(0, 300).map((c) => productsOf(c).map((p) => p.name)),
    );
  });
});

describe('productKind', () => {
  it.each<[string, string, ProductKind]>([
    ['messaging app', 'Social Media', 'software'],
    ['premium subscription', 'Social Media', 'membership'],
    ['loyalty programme', 'Online Travel', 'membership'],
    ['electric delivery van', 'Electric Vehicles', 'hardware'],
    ['crude oil', 'Oil & Gas', 'commodity'],
    ['prescription medicine', 'Pharmaceuticals', 'drug'],
    ['mRNA vaccine candidate', 'Biotechnology', 'candidate'],
    ['credit card', 'Consumer Lending', 'finance'],
    ['table lamp', 'Home Furnishings & Decor', 'consumer'],
    ['residential trash pickup', 'Waste Management', 'service'],
    ['feature film', 'Film & TV Production', 'title'],
    ['TV channel', 'Broadcasting', 'channel'],
    ['online store', 'E-commerce', 'store'],
  ])('%s in %s is named as %s', (noun, ind, kind) => {
    expect(productKind(noun, industry(ind))).toBe(kind);
  });
});

describe('productNames', () => {
  it('never gives the brand alone and never repeats a name, whatever the draws', () => {
    const social = industry('Social Media');
    const nouns = social.products;
    for (let seed = 0; seed < 400; seed++) {
      const names = productNames(new Rng(seed), nouns, {
        companyName: 'ByteDance',
        brand: 'ByteDance',
        industry: social,
        shortBrand: true,
        investor: false,
      });
      expect(names).toHaveLength(nouns.length);
      expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
      expect(names).not.toContain('ByteDance');
    }
  });

  it('is deterministic for a stream', () => {
    const input = {
      companyName: 'Nimblemill',
      brand: 'Nimblemill',
      industry: industry('Carbon Management'),
      shortBrand: true,
      investor: false,
    };
    const nouns = input.industry.products;
    expect(productNames(new Rng(5, 6, 7), nouns, input)).toEqual(
      productNames(new Rng(5, 6, 7), nouns, input),
    );
  });

  it('names funds after their manager with a vintage', () => {
    const names = productNames(new Rng(3), ['growth fund', 'scout programme'], {
      companyName: 'Accel',
      brand: 'Accel',
      industry: industry('Venture Capital'),
      shortBrand: true,
      investor: true,
    });
    expect(names[0]).toMatch(/^Accel Growth Fund [IVX]+$/);
    expect(names[1]).toBe('Accel Scout Programme');
  });

  it('leaves a trailing corporate word out of the brand', () => {
    expect(productBrand('FTB Management', 'FTB Management')).toBe('FTB');
    expect(productBrand('Bennett & Sons Group', 'Bennett & Sons Group')).toBe('Bennett & Sons');
    expect(productBrand('Spedarais Align', 'Spedarais Align')).toBe('Spedarais Align');
    expect(productBrand('Gong', 'Gong')).toBe('Gong');
  });

  it('has real products for anchors that are never named exactly like the company', () => {
    for (const [company, products] of Object.entries(ANCHOR_PRODUCTS)) {
      expect(products.length).toBeGreaterThanOrEqual(3);
      expect(products.map(([name]) => name)).not.toContain(company);
    }
  });
});
