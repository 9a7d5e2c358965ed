/**
 * The building blocks of the configuration schemas (bff/server/config.ts, bff/embedded/config.ts, the
 * tests' and benches' env.ts and config.ts): one zod schema per program, one entry per environment
 * variable, each with its type, default and one line of description, from which docs/configuration.md
 * is generated. This module reads no environment itself; the configuration modules hand it theirs.
 *
 * Rules every variable follows: an empty value is the same as an unset one (its default); a value
 * that is set but wrong stops the start with a message naming the variable and what is wrong; a
 * secret's value never appears in a message or on the page.
 */
import { z } from 'zod';

/** What the configuration page says of one variable. */
export type EnvDoc = {
  /** How the value is written, e.g. "whole number ≥ 0", "URL", "one of local, team". */
  type: string;
  /** The default as the page shows it ("(none)": not set unless given). */
  default: string;
  description: string;
  /** Its value never appears in messages. */
  secret?: boolean;
};

export const envDocs = z.registry<EnvDoc>();

export type Env = Record<string, string | undefined>;

type Ctx = z.core.$RefinementCtx<string | undefined>;

const isSet = (raw: string | undefined): raw is string => raw !== undefined && raw.trim() !== '';

function bad(ctx: Ctx, what: string, raw: string, secret = false): typeof z.NEVER {
  // A secret is neither quoted in the message nor kept as the issue's input.
  ctx.issues.push({
    code: 'custom',
    message: secret ? what : `${what}, got '${raw}'`,
    input: secret ? '' : raw,
  });
  return z.NEVER;
}

const raw = () => z.string().optional();

/** Text; `fallback` when unset. */
export function envText(o: { default: string; description: string; type?: string }) {
  return raw()
    .transform((s) => (isSet(s) ? s.trim() : o.default))
    .register(envDocs, { type: o.type ?? 'text', default: o.default, description: o.description });
}

/**
 * Text with no default (undefined when unset); `check` returns what is wrong with a set value, if
 * anything. A secret's message never quotes it.
 */
export function envOptional(o: {
  description: string;
  type?: string;
  secret?: boolean;
  /** What applies when unset, as the page says it (default: nothing). */
  shown?: string;
  check?: (value: string) => string | undefined;
}) {
  return raw()
    .transform((s, ctx) => {
      if (!isSet(s)) return undefined;
      const wrong = o.check?.(s.trim());
      return wrong ? bad(ctx, wrong, s, o.secret) : s.trim();
    })
    .register(envDocs, {
      type: o.type ?? 'text',
      default: o.shown ?? '(none)',
      description: o.description,
      ...(o.secret ? { secret: true } : {}),
    });
}

/** A number; whole unless `fractions`, at least `min` (default 0), at most `max`. */
export function envNumber(o: {
  default: number;
  description: string;
  min?: number;
  max?: number;
  fractions?: boolean;
  /** The page's default, when not the number itself (e.g. "unlimited"). */
  shown?: string;
}) {
  const min = o.min ?? 0;
  const kind = o.fractions ? 'number' : 'whole number';
  const what =
    o.max !== undefined
      ? `must be a ${kind} from ${min} to ${o.max}`
      : min === 0
        ? `must be a non-negative ${kind}`
        : `must be a ${kind} of at least ${min}`;
  return raw()
    .transform((s, ctx) => {
      if (!isSet(s)) return o.default;
      const n = Number(s.trim());
      const ok = Number.isFinite(n) && (o.fractions || Number.isInteger(n)) && n >= min;
      return ok && (o.max === undefined || n <= o.max) ? n : bad(ctx, what, s);
    })
    .register(envDocs, {
      type: `${kind} ${o.max !== undefined ? `${min}-${o.max}` : `≥ ${min}`}`,
      default: o.shown ?? String(o.default),
      description: o.description,
    });
}

/** A number with no default: undefined when unset. */
export function envOptionalNumber(o: { description: string; fractions?: boolean; shown?: string }) {
  const kind = o.fractions ? 'number' : 'whole number';
  return raw()
    .transform((s, ctx) => {
      if (!isSet(s)) return undefined;
      const n = Number(s.trim());
      return Number.isFinite(n) && (o.fractions || Number.isInteger(n)) && n >= 0
        ? n
        : bad(ctx, `must be a non-negative ${kind}`, s);
    })
    .register(envDocs, { type: `${kind} ≥ 0`, default: o.shown ?? '(none)', description: o.description });
}

const DURATION_UNITS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** A duration written as a number and a unit (`30d`, `12h`, `90m`, `2s`, `500ms`) or `0`: milliseconds. */
export function parseDuration(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/i.exec(text.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2]?.toLowerCase();
  if (unit === undefined) return n === 0 ? 0 : undefined;
  const ms = Math.round(n * DURATION_UNITS[unit]!);
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** A duration (see parseDuration), in milliseconds; `fallback` when unset. */
export function envDuration(o: { default: string; description: string }) {
  const fallback = parseDuration(o.default);
  if (fallback === undefined) throw new Error(`envDuration: bad default '${o.default}'`);
  return raw()
    .transform((s, ctx) => {
      if (!isSet(s)) return fallback;
      const ms = parseDuration(s);
      return ms ?? bad(ctx, 'must be 0 or a number with a unit (ms, s, m, h, d), e.g. 30d, 12h, 2s', s);
    })
    .register(envDocs, {
      type: 'duration (30d, 12h, 2s; 0)',
      default: o.default,
      description: o.description,
    });
}

/** A port number. */
export function envPort(o: { default: number; description: string }) {
  return envNumber({ ...o, min: 1, max: 65535 });
}

/** One of `values` (case-insensitive). */
export function envChoice<const T extends string>(
  values: readonly T[],
  o: { default: T; description: string },
) {
  return raw()
    .transform((s, ctx): T => {
      if (!isSet(s)) return o.default;
      const v = s.trim().toLowerCase() as T;
      return values.includes(v) ? v : bad(ctx, `must be one of ${values.join(', ')}`, s);
    })
    .register(envDocs, {
      type: `one of ${values.join(', ')}`,
      default: o.default,
      description: o.description,
    });
}

/** On with 1, true or yes; off with 0, false, no or unset. */
export function envSwitch(o: { description: string }) {
  return raw()
    .transform((s, ctx) => {
      if (!isSet(s)) return false;
      const v = s.trim().toLowerCase();
      if (['1', 'true', 'yes'].includes(v)) return true;
      return ['0', 'false', 'no'].includes(v) ? false : bad(ctx, 'must be 1, true, yes, 0, false or no', s);
    })
    .register(envDocs, {
      type: 'switch (1, true, yes / 0, false, no)',
      default: 'off',
      description: o.description,
    });
}

/** Set to anything (not empty): on. */
export function envFlag(o: { description: string }) {
  return raw()
    .transform((s) => isSet(s))
    .register(envDocs, { type: 'flag (any value)', default: 'off', description: o.description });
}

/**
 * A comma-separated list; `item` turns one entry into its value or throws an Error saying what is
 * wrong with it (its message is the variable's message).
 */
export function envList<T>(o: {
  description: string;
  type: string;
  item: (entry: string) => T;
  /** The entries when unset (default none); written as the variable would be. */
  default?: string;
}) {
  return raw()
    .transform((s, ctx): T[] => {
      const entries = (isSet(s) ? s : (o.default ?? ''))
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      try {
        return entries.map(o.item);
      } catch (err) {
        ctx.issues.push({ code: 'custom', message: (err as Error).message, input: s });
        return z.NEVER;
      }
    })
    .register(envDocs, { type: o.type, default: o.default ?? '(none)', description: o.description });
}

/** Thrown when variables are wrong: one line per variable, each naming it and what is wrong. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'EnvError';
  }
}

/** `env` read through `schema`; an EnvError naming every wrong variable. */
export function readEnv<S extends z.ZodObject>(schema: S, env: Env): z.output<S> {
  const r = schema.safeParse(env);
  if (r.success) return r.data;
  throw new EnvError(
    r.error.issues.map((i) => {
      const name = i.path.length > 0 ? String(i.path[0]) : '';
      return !name || i.message.startsWith(`${name} `) ? i.message : `${name} ${i.message}`;
    }),
  );
}

/** Only the variables `names` of `schema`: a program that reads a few is not stopped by the others. */
export function readSome<S extends z.ZodObject, const K extends keyof z.output<S> & string>(
  schema: S,
  names: readonly K[],
  env: Env,
): Pick<z.output<S>, K> {
  const mask = Object.fromEntries(names.map((n) => [n, true]));
  return readEnv(schema.pick(mask as never), env) as unknown as Pick<z.output<S>, K>;
}

/** The page's rows of one schema: name, type, default, description. */
export function envRows(schema: z.ZodObject): { name: string; doc: EnvDoc }[] {
  return Object.entries(schema.shape).map(([name, s]) => {
    const doc = envDocs.get(s as z.ZodType);
    if (!doc) throw new Error(`${name} has no description: build it with the helpers of env-schema.ts`);
    return { name, doc };
  });
}
