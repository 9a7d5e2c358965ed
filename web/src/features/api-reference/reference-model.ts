/**
 * The OpenAPI document read into what the reference page shows: operations grouped by tag, each
 * with its other spellings, parameters, body fields and answers, and schemas written as short types.
 */
import type { OpenApiDocument } from '@contract/openapi';

type Schema = Record<string, unknown>;

export type Field = { name: string; type: string; required: boolean; description?: string };
export type Operation = {
  id: string;
  method: string;
  path: string;
  aliases: string[];
  summary: string;
  description?: string;
  credits: string;
  cacheable: boolean;
  servedBy: string;
  parameters: (Field & { in: string })[];
  body: Field[] | null;
  bodyType: string | null;
  responses: { status: string; description: string; type: string | null }[];
};
type TagGroup = { tag: string; operations: Operation[] };

const REF = '#/components/schemas/';

function resolve(doc: OpenApiDocument, s: Schema | undefined): Schema | undefined {
  const ref = s?.$ref;
  if (typeof ref === 'string' && ref.startsWith(REF)) {
    return (doc.components as { schemas?: Record<string, Schema> }).schemas?.[ref.slice(REF.length)];
  }
  return s;
}

/** A schema as a short type: `string`, `"asc" | "desc"`, `integer ≤ 500`, `Filters[]`, `object`. */
function typeOf(s: Schema | undefined, depth = 0): string {
  if (!s) return 'any';
  if (typeof s.$ref === 'string') return s.$ref.slice(s.$ref.lastIndexOf('/') + 1);
  if (Array.isArray(s.enum)) {
    const values = s.enum as unknown[];
    const shown = values.slice(0, 6).map((v) => JSON.stringify(v));
    return values.length > 6 ? `${shown.join(' | ')} | … (${values.length})` : shown.join(' | ');
  }
  if ('const' in s) return JSON.stringify(s.const);
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(s[k]) && depth < 3) {
      const parts = [...new Set((s[k] as Schema[]).map((x) => typeOf(x, depth + 1)))];
      return parts.join(k === 'allOf' ? ' & ' : ' | ');
    }
  }
  const type = s.type;
  if (type === 'array') return `${typeOf(s.items as Schema | undefined, depth + 1)}[]`;
  if (Array.isArray(type)) return type.join(' | ');
  if (type === 'integer' || type === 'number') {
    const bounds = [
      typeof s.minimum === 'number' && s.minimum > -1e15 ? `≥ ${s.minimum}` : '',
      typeof s.maximum === 'number' && s.maximum < 1e15 ? `≤ ${s.maximum}` : '',
    ].filter(Boolean);
    return bounds.length ? `${type} ${bounds.join(', ')}` : String(type);
  }
  if (type === 'string' && typeof s.format === 'string') return `string (${s.format})`;
  if (typeof type === 'string') return type;
  return 'any';
}

function fields(doc: OpenApiDocument, s: Schema | undefined): Field[] {
  const o = resolve(doc, s);
  const props = (o?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((o?.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => ({
    name,
    type: typeOf(p),
    required: required.has(name) && !('default' in p),
    ...(typeof p.description === 'string' ? { description: p.description } : {}),
  }));
}

function jsonSchemaOf(content: unknown): Schema | undefined {
  const c = content as Record<string, { schema?: Schema }> | undefined;
  return c?.['application/json']?.schema ?? c?.['application/problem+json']?.schema;
}

export function referenceModel(doc: OpenApiDocument): TagGroup[] {
  const operations = new Map<string, Operation>();
  const aliases: { of: string; path: string }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as Schema;
      const id = String(op.operationId);
      if (id.includes('@')) {
        aliases.push({ of: id.slice(0, id.indexOf('@')), path });
        continue;
      }
      const params = ((op.parameters ?? []) as Schema[]).map((p) => ({
        name: String(p.name),
        in: String(p.in),
        required: p.required === true,
        type: typeOf(p.schema as Schema),
      }));
      const bodySchema = jsonSchemaOf((op.requestBody as Schema | undefined)?.content);
      const responses = Object.entries((op.responses ?? {}) as Record<string, Schema>).map(([status, r]) => {
        const content = r.content as Record<string, unknown> | undefined;
        const json = jsonSchemaOf(content);
        return {
          status,
          description: String(r.description ?? ''),
          type: json ? typeOf(json) : content ? (Object.keys(content)[0] ?? null) : null,
        };
      });
      operations.set(id, {
        id,
        method: method.toUpperCase(),
        path,
        aliases: [],
        summary: String(op.summary ?? ''),
        ...(typeof op.description === 'string' ? { description: op.description } : {}),
        credits: String(op['x-credits'] ?? 'free'),
        cacheable: op['x-cacheable'] === true,
        servedBy: String(op['x-served-by'] ?? ''),
        parameters: params,
        body: bodySchema ? fields(doc, bodySchema) : null,
        bodyType: bodySchema ? typeOf(bodySchema) : null,
        responses,
      });
    }
  }
  for (const a of aliases) operations.get(a.of)?.aliases.push(a.path);
  const tags = ((doc.tags ?? []) as { name: string }[]).map((t) => t.name);
  return tags
    .map((tag) => ({
      tag,
      operations: [...operations.values()].filter((o) => {
        const item = doc.paths[o.path]?.[o.method.toLowerCase()] as Schema | undefined;
        return ((item?.tags ?? []) as string[]).includes(tag);
      }),
    }))
    .filter((g) => g.operations.length > 0);
}
