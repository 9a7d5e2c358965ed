import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Combobox } from '@/components/ui/combobox';
import { useDebounced } from '@/lib/use-debounced';
import { useSearchIndustries } from '../../api/search-industries';
import { useNames } from '../../filter-names';
import { UNNAMED_INDUSTRY } from '../../filter-words';
import {
  groupBySector,
  type IndustrySector,
  matchSectors,
  sectorText,
  useIndustryTree,
  withoutSector,
  withSector,
} from '../../industry-tree';
import { ValueChips } from './value-chips';

/** A typeahead option standing for a whole sector (its industries' codes are what is sent). */
const SECTOR = 'sector:';

/**
 * Industries, found by name through industry search (free), or a whole sector as one choice: a
 * sector (typed, or ticked under "Browse sectors") picks every industry under it, and its chip reads
 * "Financial Services (45 industries)". Codes never show.
 */
export function IndustryFilter({
  label,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  label: string;
  value: readonly string[] | undefined;
  onChange: (next: string[]) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const [query, setQuery] = useState('');
  const settled = useDebounced(query, 200);
  const search = useSearchIndustries(settled);
  const tree = useIndustryTree().data ?? [];
  const names = useNames('industry');
  const chosen = value ?? [];
  const grouped = useMemo(() => groupBySector(tree, chosen), [tree, chosen]);
  const treeNames = useMemo(
    () => new Map(tree.flatMap((s) => s.industries.map((i) => [i.code, i.name] as const))),
    [tree],
  );
  const nameOf = (code: string) => names[code] ?? treeNames.get(code) ?? UNNAMED_INDUSTRY;
  const options = useMemo(() => {
    if (query.trim() === '') return [];
    const whole = new Set(grouped.sectors.map((s) => s.code));
    const sectors = matchSectors(tree, query)
      .filter((s) => !whole.has(s.code))
      .map((s) => ({
        value: `${SECTOR}${s.code}`,
        label: s.name,
        hint: `sector, all ${s.industries.length} industries`,
      }));
    const industries = (search.data ?? [])
      .filter(
        (m) => !chosen.includes(m.code) && !m.code.startsWith(SECTOR) && m.code.length > 'IND-00'.length,
      )
      .map((m) => ({ value: m.code, label: m.industry_name }));
    return [...sectors, ...industries];
  }, [search.data, chosen, query, tree, grouped]);
  const sectorOf = (code: string) => tree.find((s) => s.code === code);

  return (
    <div>
      <Combobox
        label={label}
        placeholder="e.g. fintech, logistics, financial services"
        query={query}
        onQueryChange={setQuery}
        options={options}
        onSelect={(o) => {
          const sector = o.value.startsWith(SECTOR) ? sectorOf(o.value.slice(SECTOR.length)) : undefined;
          onChange(sector ? withSector(chosen, sector) : [...chosen, o.value]);
        }}
        loading={search.isFetching}
        emptyText={search.isError ? 'Industry search failed. Try again.' : 'No industry matches'}
        describedBy={describedBy}
        invalid={invalid}
      />
      <ValueChips
        label={label}
        items={[
          ...grouped.sectors.map((s) => ({ value: `${SECTOR}${s.code}`, text: sectorText(s) })),
          ...grouped.rest.map((code) => ({ value: code, text: nameOf(code) })),
        ]}
        onRemove={(v) => {
          const sector = v.startsWith(SECTOR) ? sectorOf(v.slice(SECTOR.length)) : undefined;
          onChange(sector ? withoutSector(chosen, sector) : chosen.filter((c) => c !== v));
        }}
      />
      {tree.length > 0 && <SectorTree tree={tree} chosen={chosen} onChange={onChange} />}
    </div>
  );
}

/** "Browse sectors": every sector as a checkbox (all its industries), each unfolding to its industries. */
function SectorTree({
  tree,
  chosen,
  onChange,
}: {
  tree: readonly IndustrySector[];
  chosen: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set());
  const picked = new Set(chosen);
  return (
    <div className="mt-1">
      <Button
        variant="link"
        size="sm"
        aria-expanded={open}
        aria-controls={`${id}-sectors`}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide sectors' : 'Browse sectors'}
      </Button>
      {open && (
        <ul id={`${id}-sectors`} aria-label="Sectors" className="mt-1 space-y-0.5">
          {tree.map((s) => {
            const count = s.industries.filter((i) => picked.has(i.code)).length;
            const all = count === s.industries.length;
            const shown = unfolded.has(s.code);
            return (
              <li key={s.code}>
                <div className="flex items-start justify-between gap-2">
                  <Checkbox
                    label={s.name}
                    hint={count > 0 && !all ? `${count} of ${s.industries.length}` : `${s.industries.length}`}
                    checked={all}
                    aria-label={`${s.name}, all ${s.industries.length} industries`}
                    onCheckedChange={(on) => onChange(on ? withSector(chosen, s) : withoutSector(chosen, s))}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-expanded={shown}
                    aria-controls={`${id}-${s.code}`}
                    aria-label={`Industries of ${s.name}`}
                    onClick={() =>
                      setUnfolded((u) => {
                        const next = new Set(u);
                        if (shown) next.delete(s.code);
                        else next.add(s.code);
                        return next;
                      })
                    }
                  >
                    <span aria-hidden="true">{shown ? '−' : '+'}</span>
                  </Button>
                </div>
                {shown && (
                  <ul
                    id={`${id}-${s.code}`}
                    aria-label={`Industries of ${s.name}`}
                    className="ml-6 space-y-0.5"
                  >
                    {s.industries.map((i) => (
                      <li key={i.code}>
                        <Checkbox
                          label={i.name}
                          checked={picked.has(i.code)}
                          onCheckedChange={(on) =>
                            onChange(on ? [...chosen, i.code] : chosen.filter((c) => c !== i.code))
                          }
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
