/**
 * A day of three reps on one team (bff/testing/workload.ts) run through the BFF with its company
 * store and replayed straight at the service: every answer equal but for `credits_consumed`, the
 * ledger equal to what the service charged the BFF, and the day at most a quarter of the straight
 * replay's price (docs/decisions/0024-company-store.md).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { credits } from '../../contract/pricing';
import type { Service } from '../../embedded/service';
import { type RunningBff, startBff, startEmbedded } from '../../testing/bff-server';
import { stepRequest, workloadDay } from '../../testing/workload';
import { embeddedUpstream } from '../upstream/upstream';

const KEY = 'dev-enterprise-key';
let service: Service;
let bff: RunningBff;
let charged = 0;

beforeAll(async () => {
  service = await startEmbedded(3000);
  bff = await startBff({
    upstream: embeddedUpstream(service, KEY),
    mode: 'team',
    storeMaxAgeMs: 30 * 86_400_000,
  });
  bff.stage(async (_call, _n, real) => {
    const res = await real();
    const text = await res.text();
    if (res.ok) charged += (JSON.parse(text) as { credits_consumed?: number }).credits_consumed ?? 0;
    return new Response(text, { status: res.status, headers: res.headers });
  });
});

afterAll(async () => {
  await bff?.close();
  service?.close();
});

const withoutCredits = (a: Record<string, unknown>) => {
  const { credits_consumed: _c, ...rest } = a;
  return rest;
};

it('a day of three reps costs at most a quarter of the same calls made straight, with equal answers', async () => {
  const steps = workloadDay(7);
  const straight: Record<string, unknown>[] = [];
  const through: Record<string, unknown>[] = [];
  let straightCost = 0;
  let throughCost = 0;
  for (const step of steps) {
    const req = stepRequest(step, straight);
    const init = {
      method: req.method,
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      ...(req.body !== undefined ? { body: req.body } : {}),
    };
    const direct = await service.fetch(new Request(`http://service${req.path}`, init));
    expect(direct.status, req.path).toBe(200);
    const truth = (await direct.json()) as Record<string, unknown>;
    straight.push(truth);
    straightCost += truth.credits_consumed as number;

    const res = await bff.call(req.path, {
      method: req.method,
      headers: { ...(await bff.as(step.user)), 'content-type': 'application/json' },
      ...(req.body !== undefined ? { body: req.body } : {}),
    });
    expect(res.status, req.path).toBe(200);
    const answer = (await res.json()) as Record<string, unknown>;
    through.push(answer);
    throughCost += answer.credits_consumed as number;
    expect(withoutCredits(answer), `${step.user} ${req.path} ${req.body ?? ''}`).toEqual(
      withoutCredits(truth),
    );
  }
  let ledger = 0;
  let saved = 0;
  for (const user of ['ann', 'bob', 'cara']) {
    const usage = (await (await bff.call('/bff/usage', { headers: await bff.as(user) })).json()) as {
      spent_today: number;
      saved_today: number;
    };
    ledger += usage.spent_today;
    saved += usage.saved_today;
  }
  expect(credits(ledger)).toBe(credits(charged));
  expect(credits(throughCost)).toBe(credits(charged));
  expect(credits(saved)).toBeCloseTo(credits(straightCost - throughCost), 4);
  expect(throughCost / straightCost).toBeLessThanOrEqual(0.25);
  console.log(
    `[workload] ${steps.length} calls: straight ${credits(straightCost)} credits, through the BFF ${credits(throughCost)} (${((100 * throughCost) / straightCost).toFixed(1)}%)`,
  );
});
