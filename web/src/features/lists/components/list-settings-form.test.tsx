// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ListSettingsForm } from './list-settings-form';

afterEach(cleanup);

const nameBox = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Save list' }));

function renderForm(onSubmit = vi.fn(async () => {}), defaults = {}) {
  render(
    <ListSettingsForm
      label="Save list"
      submitLabel="Save list"
      defaultValues={{ name: '', visibility: 'private', schedule: 'none', ...defaults }}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe('the list settings form', () => {
  it('asks for a name beside the field and sends nothing without one', async () => {
    const onSubmit = renderForm();
    await userEvent.type(nameBox(), '   ');
    await submit();
    expect(await screen.findByText('Give the list a name')).toBeTruthy();
    expect(nameBox().getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the name trimmed, shared or private, and the schedule as the API takes them', async () => {
    const onSubmit = renderForm();
    await userEvent.type(nameBox(), '  Fintechs in Berlin ');
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith({ name: 'Fintechs in Berlin', shared: false, schedule: null });
    await userEvent.click(screen.getByRole('radio', { name: /^Shared with the team/ }));
    await userEvent.click(screen.getByRole('radio', { name: /^Weekly/ }));
    await submit();
    expect(onSubmit).toHaveBeenLastCalledWith({
      name: 'Fintechs in Berlin',
      shared: true,
      schedule: 'weekly',
    });
  });

  it('starts from a list’s settings', () => {
    renderForm(undefined, { name: 'Mine', visibility: 'shared', schedule: 'daily' });
    expect(nameBox().value).toBe('Mine');
    expect((screen.getByRole('radio', { name: /^Shared with the team/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('radio', { name: /^Daily/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the BFF’s refusal above the button', async () => {
    renderForm(
      vi.fn(async () => {
        throw new ApiError(400, 'name must be at most 200 characters');
      }),
    );
    await userEvent.type(nameBox(), 'A list');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('name must be at most 200 characters');
  });
});
