import type { Sections } from '@contract/sections';
import { displayUrl, formatCount, websiteHref } from '@/lib/format';
import { Block, EmptyState, Facts, Missing } from '../panel-states';

const OFFICE_TYPES: Readonly<Record<Sections['location']['offices'][number]['type'], string>> = {
  headquarters: 'Headquarters',
  office: 'Office',
  r_and_d: 'R&D',
  sales: 'Sales',
  manufacturing: 'Manufacturing',
  warehouse: 'Warehouse',
};

type OverviewData = {
  firmographic?: Sections['firmographic'] | undefined;
  location?: Sections['location'] | undefined;
  industry?: Sections['industry'] | undefined;
};

/** Overview: firmographic facts, where the company sits (HQ and offices), and its industry codes. */
export function OverviewView({ firmographic: f, location: loc, industry }: OverviewData) {
  if (!f && !loc && !industry) return <EmptyState title="No overview data for this company" />;
  const href = f ? websiteHref(f.website) : null;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Block title="Firmographic">
        {f ? (
          <>
            {f.company_description && (
              <p className="mb-4 text-sm leading-6 text-slate-700">{f.company_description}</p>
            )}
            <Facts
              items={[
                ['Legal name', f.legal_name],
                [
                  'Website',
                  href ? (
                    <a
                      key="website"
                      href={href}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="text-indigo-600 hover:underline"
                    >
                      {displayUrl(f.website)}
                    </a>
                  ) : null,
                ],
                ['Company type', f.company_type.label],
                ['Founded', f.founded_year === null ? null : String(f.founded_year)],
                ['Employees', f.headcount_range],
                ['Operating status', f.operating_status.label],
                ['Ownership', f.ownership_category.label],
              ]}
            />
          </>
        ) : (
          <Missing label="No firmographic data" />
        )}
      </Block>
      <Block title="Location">
        {loc ? (
          <>
            <Facts
              items={[
                ['Headquarters', [loc.hq.city, loc.hq.country.label].filter(Boolean).join(', ')],
                ['Address', [loc.hq.address, loc.hq.postal_code].filter(Boolean).join(', ')],
                ['Region', loc.hq.region.map((r) => r.label).join(' · ')],
                [
                  'Markets served',
                  loc.market_served.is_global
                    ? 'Global'
                    : loc.market_served.markets.map((m) => m.label).join(', '),
                ],
              ]}
            />
            <h3 className="mt-4 mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Offices ({formatCount(loc.offices.length)})
            </h3>
            {loc.offices.length === 0 ? (
              <p className="text-sm text-slate-500">No offices listed.</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {loc.offices.map((o) => (
                  <li
                    key={`${o.country.code}-${o.city}-${o.type}`}
                    className="flex items-baseline justify-between gap-3 py-1.5"
                  >
                    <span className="text-slate-900">
                      {o.city || <Missing label="City unknown" />}, {o.country.label}
                    </span>
                    <span className="text-xs text-slate-500">
                      {o.is_hq ? 'Headquarters' : OFFICE_TYPES[o.type]}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <Missing label="No location data" />
        )}
      </Block>
      <Block title="Industry" className="lg:col-span-2">
        {industry ? (
          <div className="grid gap-4 md:grid-cols-3">
            <CodeList title="Industries" codes={industry.industry} showCode={false} />
            <CodeList title="NAICS" codes={industry.naics} showCode />
            <CodeList title="SIC" codes={industry.sic} showCode />
          </div>
        ) : (
          <Missing label="No industry data" />
        )}
      </Block>
    </div>
  );
}

function CodeList({
  title,
  codes,
  showCode,
}: {
  title: string;
  codes: readonly { code: string; label: string }[];
  showCode: boolean;
}) {
  return (
    <div>
      <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {codes.length === 0 ? (
        <p className="text-sm text-slate-500">None listed.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {codes.map((c, i) => (
            <li key={c.code} className="flex items-start gap-2">
              {showCode && (
                <code className="shrink-0 rounded bg-slate-100 px-1 text-xs leading-5 text-slate-700">
                  {c.code}
                </code>
              )}
              <span className="text-slate-900">
                {c.label || c.code}
                {i === 0 && !showCode && <span className="ml-1.5 text-xs text-hint">primary</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
