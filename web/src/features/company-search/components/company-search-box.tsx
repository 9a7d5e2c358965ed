import type { CompanySearchRecord } from '@contract/api';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { useDebounced } from '@/lib/use-debounced';
import { useCompanySearch } from '../api/search-companies';

const SEARCH_DEBOUNCE_MS = 250;
const ADD_OPTION = '__add_company__';

const STATUS_LABELS: Readonly<Record<CompanySearchRecord['company_status'], string>> = {
  public: 'Public',
  private: 'Private',
  acquired: 'Acquired',
  delisted: 'Delisted',
  unknown: 'Status unknown',
};

/** Whether what was typed looks like a website rather than a name (prefills the right field). */
function looksLikeWebsite(text: string): boolean {
  return /^(https?:\/\/)?[^\s/]+\.[a-z]{2,}(\/\S*)?$/i.test(text.trim());
}

/**
 * "Search companies" in the header: resolves a name or a website as the user types (debounced,
 * free), opens the company page on Enter or click, and offers to add the company when nothing
 * matches.
 */
export function CompanySearchBox({
  onAddCompany,
}: {
  onAddCompany: (prefill: { company_name?: string; website?: string }) => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const typed = text.trim();
  const query = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const search = useCompanySearch(query);
  const settled = query === typed && !search.isFetching;
  const results = query.length >= 2 ? (search.data ?? []) : [];

  const options: ComboboxOption[] = results.map((r) => ({
    value: r.uuid,
    label: r.name,
    hint: `${r.domain} · ${STATUS_LABELS[r.company_status]}`,
  }));
  if (typed.length >= 2 && settled && results.length === 0 && search.isSuccess) {
    options.push({ value: ADD_OPTION, label: `Add company “${typed}”`, hint: 'Not found' });
  }

  const onSelect = (o: ComboboxOption) => {
    if (o.value === ADD_OPTION) {
      onAddCompany(looksLikeWebsite(typed) ? { website: typed } : { company_name: typed });
      return;
    }
    void navigate({ to: '/companies/$companyId', params: { companyId: o.value }, search: {} });
  };

  return (
    <Combobox
      label="Search companies"
      hideLabel
      placeholder="Search companies by name or website"
      query={text}
      onQueryChange={setText}
      options={options}
      onSelect={onSelect}
      loading={typed.length >= 2 && (!settled || search.isFetching)}
      emptyText={typed.length < 2 ? 'Type at least 2 characters' : 'Searching…'}
      className="w-full"
    />
  );
}
