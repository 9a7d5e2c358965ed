// @vitest-environment jsdom
import { mainColumnIds, sectionColumns } from '@contract/columns';
import { PLAN_RULES, PRICES } from '@contract/pricing';
import { LIST_SECTIONS, SECTION_LABELS } from '@contract/section-names';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_PRICING, type Pricing } from '@/lib/pricing';
import type { ListSearch } from '../../list-search';
import { ColumnChooser } from './column-chooser';
import { FIXED_COLUMN_IDS } from './visible-columns';

type State = Pick<ListSearch, 'sections' | 'columns'>;

const SUBSCRIPTION: Pricing = {
  plan: 'subscription',
  planLabel: 'Subscription',
  rules: PLAN_RULES.subscription,
  prices: PRICES,
  unavailable: {
    funding_detail: 'Funding is available on the Enterprise plan.',
    mna_and_investment: 'M&A and investments are available on the Enterprise plan.',
  },
  fromServer: true,
};

function Harness({
  initial = {},
  pricing = SUBSCRIPTION,
  skipped = {},
  changes,
}: {
  initial?: State;
  pricing?: Pricing;
  skipped?: Partial<Record<(typeof LIST_SECTIONS)[number], string>>;
  changes: Required<State>[];
}) {
  const [state, setState] = useState<State>(initial);
  return (
    <ColumnChooser
      state={state}
      pricing={pricing}
      skipped={skipped}
      pageSize={50}
      onChange={(next) => {
        changes.push(next);
        setState(next);
      }}
    />
  );
}

afterEach(cleanup);

describe('ColumnChooser', () => {
  it('groups the columns by section, each named after it, with its price per company', () => {
    render(<Harness changes={[]} />);
    expect(screen.getByRole('region', { name: 'Company' })).toBeTruthy();
    for (const s of LIST_SECTIONS) {
      const region = screen.getByRole('region', { name: SECTION_LABELS[s] });
      expect(within(region).getByRole('checkbox', { name: SECTION_LABELS[s] })).toBeTruthy();
      const unit = PRICES.sections[s] === 1 ? 'credit' : 'credits';
      expect(within(region).getByText(`+${PRICES.sections[s]} ${unit} / company`)).toBeTruthy();
    }
    // Identity columns: always there, only the company id can be toggled.
    const company = screen.getByRole('region', { name: 'Company' });
    expect((within(company).getByRole('checkbox', { name: 'Company' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect((within(company).getByRole('checkbox', { name: 'Company ID' }) as HTMLInputElement).disabled).toBe(
      false,
    );
  });

  it('adding a section requests it and shows its main columns, each toggleable', async () => {
    const changes: Required<State>[] = [];
    render(<Harness changes={changes} />);
    const region = screen.getByRole('region', { name: 'Firmographic' });
    await userEvent.click(within(region).getByRole('checkbox', { name: 'Firmographic' }));
    expect(changes.at(-1)).toEqual({
      sections: ['firmographic'],
      columns: [...FIXED_COLUMN_IDS, ...mainColumnIds('firmographic')],
    });
    // Every column of the section is now listed, the main ones ticked.
    for (const c of sectionColumns('firmographic')) {
      const box = within(region).getByRole('checkbox', { name: c.header }) as HTMLInputElement;
      expect(box.checked).toBe(c.main);
    }
    await userEvent.click(within(region).getByRole('checkbox', { name: 'Legal name' }));
    expect(changes.at(-1)?.columns.at(-1)).toBe('firmographic.legal_name');
    await userEvent.click(within(region).getByRole('checkbox', { name: 'Founded' }));
    expect(changes.at(-1)?.columns).not.toContain('firmographic.founded_year');
    expect(changes.at(-1)?.sections).toEqual(['firmographic']);
  });

  it('shows sections the plan cannot have as unavailable, with the reason, and does not let them be added', () => {
    render(<Harness changes={[]} />);
    const funding = screen.getByRole('region', { name: 'Funding' });
    const box = within(funding).getByRole('checkbox', { name: 'Funding' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(within(funding).getByText('Funding is available on the Enterprise plan.')).toBeTruthy();
    const firmographic = screen.getByRole('region', { name: 'Firmographic' });
    expect(
      (within(firmographic).getByRole('checkbox', { name: 'Firmographic' }) as HTMLInputElement).disabled,
    ).toBe(false);
  });

  it("gives the service's reason for a skipped section, and lets a section already in the list be removed", async () => {
    const changes: Required<State>[] = [];
    render(
      <Harness
        changes={changes}
        pricing={FALLBACK_PRICING}
        initial={{ sections: ['technology'] }}
        skipped={{ technology: 'Not in this plan (service said so).' }}
      />,
    );
    const tech = screen.getByRole('region', { name: 'Technology' });
    expect(within(tech).getByText('Not in this plan (service said so).')).toBeTruthy();
    const box = within(tech).getByRole('checkbox', { name: 'Technology' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(false);
    await userEvent.click(box);
    expect(changes.at(-1)).toEqual({ sections: [], columns: FIXED_COLUMN_IDS });
  });

  it('marks every section unavailable on a plan without list sections', () => {
    render(
      <Harness
        changes={[]}
        pricing={{ ...FALLBACK_PRICING, planLabel: 'Pay-as-you-go', rules: PLAN_RULES.payg }}
      />,
    );
    for (const s of LIST_SECTIONS) {
      const region = screen.getByRole('region', { name: SECTION_LABELS[s] });
      expect(
        (within(region).getByRole('checkbox', { name: SECTION_LABELS[s] }) as HTMLInputElement).disabled,
      ).toBe(true);
    }
    expect(screen.getAllByText('Your plan (Pay-as-you-go) does not include sections in lists.')).toHaveLength(
      LIST_SECTIONS.length,
    );
  });
});
