// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AdditionStatusView, type AdditionStatusViewProps } from './addition-status-view';

afterEach(cleanup);

const base: AdditionStatusViewProps = {
  state: 'pending',
  companyName: 'Nimbus Labs',
  domain: 'nimbus-labs.io',
  reason: null,
  companyUuid: null,
  live: true,
};

/** Feeds the view one state after another, as the status query does while a request advances. */
function Advancing({ steps }: { steps: AdditionStatusViewProps[] }) {
  const [i, setI] = useState(0);
  return (
    <>
      <AdditionStatusView {...(steps[i] as AdditionStatusViewProps)} />
      <button type="button" onClick={() => setI((n) => Math.min(n + 1, steps.length - 1))}>
        advance
      </button>
    </>
  );
}

const Harness = ({ props }: { props: AdditionStatusViewProps }) => <Advancing steps={[props]} />;

const currentStep = () => document.querySelector('[aria-current="step"]')?.textContent;

describe('addition status view', () => {
  it('moves through pending, in progress and completed, then links to the new company', async () => {
    renderWithProviders(
      <Advancing
        steps={[
          base,
          { ...base, state: 'in_progress', live: false },
          { ...base, state: 'completed', companyUuid: 'cmp-nimbus' },
        ]}
      />,
    );
    expect((await screen.findByRole('status')).textContent).toContain('Nimbus Labs is queued to be added.');
    expect(currentStep()).toContain('Pending');
    expect(screen.getByText('Updates live.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'advance' }));
    expect(screen.getByRole('status').textContent).toContain('Nimbus Labs is being added and matched.');
    expect(currentStep()).toContain('In progress');
    expect(screen.getByText('Checking for updates every few seconds.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'advance' }));
    expect(screen.getByRole('status').textContent).toContain('Nimbus Labs has been added.');
    expect(currentStep()).toContain('Completed');
    expect(screen.getByRole('link', { name: 'Open Nimbus Labs' }).getAttribute('href')).toBe(
      '/companies/cmp-nimbus',
    );
    expect(screen.queryByText(/Updates live|Checking for updates/)).toBeNull();
  });

  it('ends in failed with the reason, and no link', async () => {
    renderWithProviders(
      <Harness
        props={{
          ...base,
          state: 'failed',
          reason: 'nimbus.invalid is a reserved domain that cannot be a real site',
        }}
      />,
    );
    expect((await screen.findByRole('status')).textContent).toContain('could not be added');
    expect(currentStep()).toContain('Failed');
    expect(screen.getByText(/reserved domain that cannot be a real site/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('names the domain when the service has not named the company yet, and a failure without a reason', async () => {
    renderWithProviders(<Harness props={{ ...base, state: 'failed', companyName: null, reason: '' }} />);
    expect((await screen.findByRole('status')).textContent).toContain('nimbus-labs.io could not be added.');
    expect(screen.getByText('The service gave no reason.')).toBeTruthy();
  });
});
