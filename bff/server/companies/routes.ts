/**
 * `POST /bff/companies/quote`: what some sections of some companies cost now, the team's company
 * store counted (the list builder's "Add 3 sections to 50 rows: 125 credits"). Free.
 * `POST /bff/companies/signals/quote`: the same for signal readings (headcount trends, open roles,
 * website traffic, the first jobs page; ./signals.ts). Free.
 * `POST /bff/companies/signals`: the signal columns' values, bought where the store lacks them.
 * `POST /bff/companies/sections`: section columns' values (a static list's page), the same way
 * (./sections.ts).
 */
import { Hono } from 'hono';
import { CompanyQuoteRequest, CompanySectionsRequest } from '../../contract/company-store';
import { CompanySignalsRequest, SignalQuoteRequest } from '../../contract/signal-columns';
import type { BffEnv } from '../context';
import type { ServicePort } from '../lists/port';
import { jsonInput, route } from '../routing';
import { readSections } from './sections';
import { quoteSignals, readSignals, type SignalReader } from './signals';
import type { CompanyStore } from './store';

export function companyRoutes(
  companies: CompanyStore,
  signals?: { port: ServicePort; remaining: SignalReader['remaining'] },
): Hono<BffEnv> {
  const app = new Hono<BffEnv>();
  route(app, 'bff.companies.quote', async (c) => {
    const input = await jsonInput(c, CompanyQuoteRequest);
    if (!input.ok) return input.response;
    return c.json(await companies.quote(input.value.companies, input.value.sections));
  });
  route(app, 'bff.companies.signals.quote', async (c) => {
    const input = await jsonInput(c, SignalQuoteRequest);
    if (!input.ok) return input.response;
    return c.json(await quoteSignals(companies, input.value.companies, input.value.readings));
  });
  if (signals)
    route(app, 'bff.companies.signals', async (c) => {
      const input = await jsonInput(c, CompanySignalsRequest);
      if (!input.ok) return input.response;
      const reader = { port: signals.port, store: companies, remaining: signals.remaining };
      return c.json(await readSignals(reader, c.get('user'), input.value.companies, input.value.readings));
    });
  const remaining = signals?.remaining;
  if (signals && remaining)
    route(app, 'bff.companies.sections', async (c) => {
      const input = await jsonInput(c, CompanySectionsRequest);
      if (!input.ok) return input.response;
      const reader = { port: signals.port, store: companies, remaining };
      return c.json(await readSections(reader, c.get('user'), input.value.companies, input.value.sections));
    });
  return app;
}
