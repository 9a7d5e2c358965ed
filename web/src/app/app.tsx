import type { ListGenerateResponse } from '@contract/api';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * The application shell. The list builder (filters, grid, export) arrives with its own feature;
 * until then the shell shows the most prominent companies of the connected service.
 */
export function App() {
  const list = useQuery({
    queryKey: ['list', 'preview'],
    queryFn: () =>
      apiFetch<ListGenerateResponse>('/api/v1/list/generate/companies', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ limit: 20 }),
      }),
  });

  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-6 py-4">
          <img src="/favicon.svg" alt="" className="h-7 w-7" />
          <h1 className="text-lg font-semibold">List Builder</h1>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-6 py-8">
        <h2 className="mb-4 text-base font-semibold text-slate-700">Most prominent companies</h2>
        {list.isPending && <p className="text-slate-500">Loading companies…</p>}
        {list.isError && (
          <p role="alert" className="rounded-md bg-red-50 p-4 text-red-700">
            {list.error.message}
          </p>
        )}
        {list.data && (
          <table
            aria-label="Results"
            className="w-full overflow-hidden rounded-lg bg-white text-sm shadow-sm"
          >
            <thead className="bg-slate-100 text-left text-slate-600">
              <tr>
                <th className="px-4 py-2">Company</th>
                <th className="px-4 py-2">Website</th>
                <th className="px-4 py-2">Type</th>
                <th className="px-4 py-2">Category</th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((c) => (
                <tr key={c.uuid} className="border-t border-slate-100">
                  <td className="px-4 py-2 font-medium">{c.name}</td>
                  <td className="px-4 py-2 text-indigo-700">{c.website.replace(/^https?:\/\//, '')}</td>
                  <td className="px-4 py-2">{c.company_type.label}</td>
                  <td className="px-4 py-2 text-slate-600">{c.product_category ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </main>
    </div>
  );
}
