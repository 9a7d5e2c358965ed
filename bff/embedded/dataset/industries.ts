/**
 * What the generator reads from the industry taxonomy: which industries ordinary companies are drawn
 * from (and how often), which industry an investor of each kind belongs to, and the ownership an
 * industry favours (governments own utilities, foundations own museums).
 */

import type { InvestorKind } from './investors';
import { WeightedTable } from './random';
import { INDUSTRIES, type Industry, industryByCode } from './taxonomy';

/** How common companies of a sector are in the data, relative to its number of industries. */
const SECTOR_WEIGHT: Readonly<Record<string, number>> = {
  Software: 1.6,
  'AI & Data': 1.4,
  'IT & Telecom': 1.2,
  'Hardware & Electronics': 1,
  'Financial Services': 1.1,
  Healthcare: 1,
  'Life Sciences': 1,
  'Energy & Utilities': 0.8,
  Industrials: 1,
  'Automotive & Mobility': 0.8,
  'Transportation & Logistics': 0.8,
  'Real Estate & Construction': 0.8,
  Consumer: 1,
  'Retail & E-commerce': 1,
  'Hospitality & Travel': 0.8,
  'Media & Entertainment': 0.9,
  'Marketing & Advertising': 1,
  Education: 0.7,
  'Professional Services': 1,
  'Agriculture & Natural Resources': 0.6,
  'Public Sector & Nonprofit': 0.35,
};

/** Industries ordinary (non-investor) companies are drawn from. */
export const OPERATING_INDUSTRIES: readonly Industry[] = INDUSTRIES.filter((i) => !i.investorKind);
export const OPERATING_INDUSTRY_TABLE = new WeightedTable(
  OPERATING_INDUSTRIES,
  OPERATING_INDUSTRIES.map((i) => SECTOR_WEIGHT[i.sector] ?? 1),
);

export function industryOf(code: string): Industry {
  const found = industryByCode(code);
  if (!found) throw new Error(`unknown industry code ${code}`);
  return found;
}

/** The taxonomy industry of an investor of each kind. */
export const INVESTOR_INDUSTRY: Readonly<Record<InvestorKind, string>> = {
  accelerator: 'IND-2013',
  angel: 'IND-2010',
  seed: 'IND-2008',
  venture: 'IND-2008',
  growth: 'IND-2008',
  public_agency: 'IND-2008',
  private_equity: 'IND-2007',
  corporate: 'IND-2009',
  debt: 'IND-2012',
  sovereign: 'IND-2005',
  family_office: 'IND-2011',
  hedge_fund: 'IND-2006',
  asset_manager: 'IND-2005',
  pension: 'IND-2022',
  investment_bank: 'IND-2003',
};

/** Industries whose companies raise money by token sales. */
export const TOKEN_INDUSTRIES: ReadonlySet<string> = new Set(['IND-2040', 'IND-1044']);

/** Industries that are typically run by the state. */
const STATE_LED: Readonly<Record<string, number>> = {
  'IND-9002': 0.9,
  'IND-9003': 0.95,
  'IND-9004': 0.9,
  'IND-9012': 0.85,
  'IND-4005': 0.3,
  'IND-4006': 0.45,
  'IND-5210': 0.35,
  'IND-5211': 0.45,
  'IND-8002': 0.35,
  'IND-8003': 0.35,
  'IND-3001': 0.25,
  'IND-2001': 0.06,
  'IND-4001': 0.12,
  'IND-1207': 0.05,
  'IND-5208': 0.1,
  'IND-4010': 0.3,
};

/** Industries that are typically run by foundations, charities and associations. */
const NONPROFIT_LED: Readonly<Record<string, number>> = {
  'IND-9001': 0.9,
  'IND-9005': 0.9,
  'IND-9006': 0.95,
  'IND-9007': 0.8,
  'IND-9008': 0.75,
  'IND-9009': 0.9,
  'IND-9010': 0.75,
  'IND-9011': 0.7,
  'IND-9013': 0.8,
  'IND-8002': 0.4,
  'IND-8003': 0.2,
  'IND-3001': 0.3,
  'IND-8009': 0.1,
  'IND-2002': 0.3,
};

export function stateShare(industry: Industry): number {
  return STATE_LED[industry.code] ?? (industry.techFocus > 0.7 ? 0 : 0.003);
}

export function nonprofitShare(industry: Industry): number {
  return NONPROFIT_LED[industry.code] ?? (industry.techFocus > 0.7 ? 0 : 0.002);
}

/** Sectors whose firms are often partnerships owned by their managers and staff. */
const PARTNERSHIP_SECTORS = new Set(['Professional Services', 'Marketing & Advertising']);

export function employeeOwnedShare(industry: Industry): number {
  return PARTNERSHIP_SECTORS.has(industry.sector) ? 0.12 : 0.02;
}

/** Typical revenue per employee of an industry, USD. */
export function revenuePerEmployee(industry: Industry): number {
  const w = industry.offering;
  const total =
    (w.software ?? 0) +
    (w.services ?? 0) +
    (w.hardware_manufacturing ?? 0) +
    (w.digital_commerce_content ?? 0);
  const mix =
    ((w.software ?? 0) * 190_000 +
      (w.services ?? 0) * 120_000 +
      (w.hardware_manufacturing ?? 0) * 280_000 +
      (w.digital_commerce_content ?? 0) * 320_000) /
    (total || 1);
  const sector = industry.sector;
  const factor =
    sector === 'Energy & Utilities' || sector === 'Agriculture & Natural Resources'
      ? 2.2
      : sector === 'Financial Services'
        ? 1.6
        : sector === 'Hospitality & Travel' ||
            sector === 'Public Sector & Nonprofit' ||
            sector === 'Education'
          ? 0.55
          : 1;
  return mix * factor;
}
