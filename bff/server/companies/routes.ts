/**
 * `POST /bff/companies/quote`: what some sections of some companies cost now, the team's company
 * store counted (the list builder's "Add 3 sections to 50 rows: 125 credits"). Free.
 */
import { Hono } from 'hono';
import { CompanyQuoteRequest } from '../../contract/company-store';
import type { BffEnv } from '../context';
import { jsonInput, route } from '../routing';
import type { CompanyStore } from './store';

export function companyRoutes(companies: CompanyStore): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  route(app, 'bff.companies.quote', async (c) => {
    const input = await jsonInput(c, CompanyQuoteRequest);
    if (!input.ok) return input.response;
    return c.json(await companies.quote(input.value.companies, input.value.sections));
  });
  return app;
}
