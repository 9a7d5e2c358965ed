// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ImportForm } from './import-form';

afterEach(cleanup);

function csvFile(text: string, name = 'accounts.csv'): File {
  return new File([text], name, { type: 'text/csv' });
}

async function choose(file: File) {
  const input = (await screen.findByLabelText('choose a file')) as HTMLInputElement;
  await userEvent.upload(input, file);
}

describe('the import form', () => {
  it('previews a HubSpot export with its columns guessed and the time it takes', async () => {
    renderWithProviders(<ImportForm onStarted={vi.fn()} />);
    const rows = Array.from({ length: 450 }, (_, i) => `${i},Company ${i},company${i}.com,Jane`);
    await choose(
      csvFile(
        ['Record ID,Company name,Company Domain Name,Company owner', ...rows].join('\r\n'),
        'hubspot.csv',
      ),
    );

    expect((await screen.findByText('hubspot.csv')).closest('p')?.textContent).toBe(
      'hubspot.csv: 450 rows, comma separated',
    );
    expect((screen.getByLabelText('Company name column') as HTMLSelectElement).value).toBe('Company name');
    expect((screen.getByLabelText('Website or domain column') as HTMLSelectElement).value).toBe(
      'Company Domain Name',
    );
    expect((screen.getByLabelText('List name') as HTMLInputElement).value).toBe('hubspot');
    const preview = screen.getByRole('region', { name: 'Preview of the first rows' });
    // The header and five rows; the chosen columns say so.
    expect(within(preview).getAllByRole('row')).toHaveLength(6);
    expect(within(preview).getByRole('columnheader', { name: /^Company name ?\(name\)$/ })).toBeTruthy();
    expect(
      within(preview).getByRole('columnheader', { name: /^Company Domain Name ?\(website\)$/ }),
    ).toBeTruthy();
    // Until the plan is known, the Enterprise pace: 450 rows at 200 a minute.
    expect(screen.getByTestId('import-estimate').textContent).toContain('about 3 minutes');
  });

  it('reads a semicolon file with a byte-order mark, and lets the user change a column', async () => {
    renderWithProviders(<ImportForm onStarted={vi.fn()} />);
    await choose(csvFile('\uFEFFAccount Name;Website;Notes\nMüller GmbH;mueller.de;x\n'));
    expect((await screen.findByText('accounts.csv')).closest('p')?.textContent).toBe(
      'accounts.csv: 1 rows, semicolon separated',
    );
    const nameColumn = screen.getByLabelText('Company name column') as HTMLSelectElement;
    expect(nameColumn.value).toBe('Account Name');
    await userEvent.selectOptions(nameColumn, 'Notes');
    expect(nameColumn.value).toBe('Notes');
  });

  it('asks for a column when none is chosen, and cannot start', async () => {
    renderWithProviders(<ImportForm onStarted={vi.fn()} />);
    await choose(csvFile('Foo,Bar\n1,2\n'));
    expect(await screen.findByText('Choose the column with the company name or the website.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Start matching' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why an empty or header-only file cannot be imported', async () => {
    renderWithProviders(<ImportForm onStarted={vi.fn()} />);
    await choose(csvFile('Company,Website\r\n', 'empty.csv'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'empty.csv: This file has a header but no rows.',
    );
    expect(screen.queryByRole('button', { name: 'Start matching' })).toBeNull();
  });
});
