import { type ReactNode, useMemo } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { urlOf } from '@/lib/api-client';
import { useOpenApi } from '../api/get-openapi';
import { type Field, type Operation, referenceModel } from '../reference-model';

const METHOD_STYLE: Record<string, string> = {
  GET: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  POST: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  PATCH: 'bg-amber-50 text-amber-900 ring-amber-200',
  DELETE: 'bg-rose-50 text-rose-800 ring-rose-200',
};

const anchor = (id: string) => `op-${id.replace(/[^a-zA-Z0-9]+/g, '-')}`;

/** `/api-reference`: every endpoint the BFF serves, read from its OpenAPI document. */
export function ApiReferencePage() {
  const q = useOpenApi();
  const groups = useMemo(() => (q.data ? referenceModel(q.data) : []), [q.data]);
  const documentUrl = urlOf('bff.openapi');

  return (
    <div className="mx-auto flex w-full max-w-6xl gap-8 px-6 py-8">
      {/* Scrolls on its own when taller than the viewport, so no link is stuck out of view; every
          link is 24 px tall (WCAG 2.5.8). */}
      <nav
        aria-label="Endpoints by group"
        className="sticky top-20 hidden max-h-[calc(100dvh-6rem)] w-52 shrink-0 self-start overflow-y-auto overscroll-contain lg:block"
      >
        <ul className="space-y-3 text-sm">
          {groups.map((g) => (
            <li key={g.tag}>
              <a
                href={`#tag-${g.tag}`}
                className="inline-block py-0.5 font-medium text-slate-900 hover:text-indigo-700"
              >
                {g.tag}
              </a>
              <ul>
                {g.operations.map((o) => (
                  <li key={o.id}>
                    <a
                      href={`#${anchor(o.id)}`}
                      className="block truncate py-1 font-mono text-xs text-slate-600 hover:text-indigo-700"
                    >
                      {o.method} {o.path.replace(/^\/api\/v1/, '')}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-semibold text-slate-900">API reference</h1>
        <p className="mt-2 max-w-3xl text-sm text-slate-700">
          Everything this server answers: the Company Data Service’s endpoints, proxied under the same paths
          with the API key added on the server, and its own API under <code className="font-mono">/bff/</code>
          . Errors are RFC 9457 problem details. Unsafe requests send{' '}
          <code className="font-mono">x-requested-with: list-builder</code> from the same origin.
        </p>
        <p className="mt-2 text-sm">
          <a href={documentUrl} className="font-medium text-indigo-700 underline hover:text-indigo-900">
            Download the OpenAPI 3.1 document
          </a>
          {q.data && <span className="text-slate-600"> (version {String(q.data.info.version)})</span>}
        </p>

        {q.isPending && (
          <div className="mt-8 space-y-3" aria-busy="true">
            <span className="sr-only">Loading the API document…</span>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        )}
        {q.error && (
          <LoadError what="The API document could not be loaded." error={q.error} className="mt-8" />
        )}

        {groups.map((g) => (
          <section key={g.tag} aria-labelledby={`tag-${g.tag}`} className="mt-10">
            <h2 id={`tag-${g.tag}`} className="scroll-mt-20 text-lg font-semibold text-slate-900">
              {g.tag}
            </h2>
            <div className="mt-3 space-y-4">
              {g.operations.map((o) => (
                <OperationCard key={o.id} op={o} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

function OperationCard({ op }: { op: Operation }) {
  return (
    <article
      id={anchor(op.id)}
      aria-labelledby={`${anchor(op.id)}-title`}
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white p-4 shadow-xs"
    >
      <h3 id={`${anchor(op.id)}-title`} className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded px-1.5 py-0.5 font-mono text-xs font-semibold ring-1 ${METHOD_STYLE[op.method] ?? ''}`}
        >
          {op.method}
        </span>
        <code className="font-mono text-sm break-all text-slate-900">{op.path}</code>
      </h3>
      <p className="mt-1 text-sm text-slate-700">{op.summary}</p>
      {op.description && <p className="mt-1 text-sm text-slate-600">{op.description}</p>}
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-600">
        <div>
          <dt className="inline font-medium text-slate-700">Credits: </dt>
          <dd className="inline">{op.credits}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-700">Served by: </dt>
          <dd className="inline">{op.servedBy}</dd>
        </div>
        {op.cacheable && (
          <div>
            <dt className="inline font-medium text-slate-700">Repeats: </dt>
            <dd className="inline">answered from the server’s cache for a minute, free</dd>
          </div>
        )}
        {op.aliases.length > 0 && (
          <div>
            <dt className="inline font-medium text-slate-700">Also at: </dt>
            <dd className="inline font-mono">{op.aliases.join(', ')}</dd>
          </div>
        )}
      </dl>
      {op.parameters.length > 0 && <FieldTable caption="Parameters" fields={op.parameters} showIn />}
      {op.body && (
        <FieldTable
          caption={
            <>
              JSON body{' '}
              <span className="font-mono font-normal normal-case tracking-normal">{op.bodyType}</span>
            </>
          }
          fields={op.body}
        />
      )}
      <div className="mt-3">
        <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Answers</h4>
        <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
          {op.responses.map((r) => (
            <li key={r.status}>
              <span className="font-mono font-semibold">{r.status}</span> {r.description}
              {r.type && <span className="font-mono text-slate-600"> · {r.type}</span>}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

function FieldTable({
  caption,
  fields,
  showIn = false,
}: {
  caption: ReactNode;
  fields: (Field & { in?: string })[];
  showIn?: boolean;
}) {
  return (
    <table className="mt-3 w-full table-fixed border-collapse text-left text-xs">
      <caption className="mb-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
        {caption}
      </caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
            Name
          </th>
          {showIn && (
            <th scope="col" className="w-16 py-1 pr-2 font-medium">
              In
            </th>
          )}
          <th scope="col" className="py-1 pr-2 font-medium">
            Type
          </th>
          <th scope="col" className="w-20 py-1 font-medium">
            Required
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={`${f.in ?? ''}${f.name}`} className="border-b border-slate-100 align-top">
            <td className="break-words py-1 pr-2 font-mono text-slate-900">{f.name}</td>
            {showIn && <td className="py-1 pr-2 text-slate-600">{f.in}</td>}
            <td className="break-words py-1 pr-2 font-mono text-slate-700">{f.type}</td>
            <td className="py-1 text-slate-700">{f.required ? 'yes' : 'no'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
