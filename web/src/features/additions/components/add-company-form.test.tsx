// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { AddCompanyFormView } from './add-company-form';

afterEach(cleanup);

const name = () => screen.getByLabelText('Company name') as HTMLInputElement;
const website = () => screen.getByLabelText('Website') as HTMLInputElement;
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Add company' }));

describe('add-company form', () => {
  it('explains both empty fields next to them and sends nothing', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<AddCompanyFormView onSubmit={onSubmit} />);
    await submit();
    expect(await screen.findByText("Enter the company's name")).toBeTruthy();
    expect(screen.getByText("Enter the company's website, such as acme.com")).toBeTruthy();
    expect(name().getAttribute('aria-invalid')).toBe('true');
    expect(website().getAttribute('aria-describedby')).toContain('error');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['acme', 'no dot'],
    ['acme .com', 'a space'],
    ['ftp://acme.com', 'not a web address'],
    ['-acme.com', 'a label starting with a hyphen'],
    ['acme.c0m', 'a top-level domain with a digit'],
  ])('refuses the website %s (%s)', async (typed) => {
    const onSubmit = vi.fn(async () => {});
    render(<AddCompanyFormView onSubmit={onSubmit} />);
    await userEvent.type(name(), 'Acme');
    await userEvent.type(website(), typed);
    await submit();
    expect(
      await screen.findByText('Enter a website address such as acme.com or https://www.acme.com'),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a name of punctuation only', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<AddCompanyFormView onSubmit={onSubmit} />);
    await userEvent.type(name(), '---');
    await userEvent.type(website(), 'acme.com');
    await submit();
    expect(await screen.findByText('The name needs at least one letter or digit')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends trimmed values, including a reserved domain that only the service can refuse', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<AddCompanyFormView onSubmit={onSubmit} defaultValues={{ company_name: '  Nowhere Inc ' }} />);
    await userEvent.type(website(), ' https://www.nowhere.invalid/about ');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({
      company_name: 'Nowhere Inc',
      website: 'https://www.nowhere.invalid/about',
    });
  });

  it('shows the service field errors by their fields, and any other refusal above the button', async () => {
    const fieldError = new ApiError(400, 'Invalid input', {
      type: 'about:blank',
      title: 'Invalid input',
      status: 400,
      detail: 'Invalid input',
      errors: [{ path: 'website', message: 'website is not a hostname' }],
    });
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(fieldError)
      .mockRejectedValueOnce(
        new ApiError(403, 'The Pay-as-you-go plan cannot add companies; Subscription and Enterprise can.'),
      );
    render(
      <AddCompanyFormView
        onSubmit={onSubmit}
        defaultValues={{ company_name: 'Acme', website: 'acme.com' }}
      />,
    );
    await submit();
    expect(await screen.findByText('website is not a hostname')).toBeTruthy();
    await submit();
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain('Adding companies is not part of your plan.');
    expect(refusal.textContent).toContain('Pay-as-you-go plan cannot add companies');
  });

  it('names a daily limit reached before the service explains it', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(
          429,
          'This key has made its 100 addition requests for today (UTC); more are accepted from midnight UTC.',
        ),
      );
    render(
      <AddCompanyFormView
        onSubmit={onSubmit}
        defaultValues={{ company_name: 'Acme', website: 'acme.com' }}
      />,
    );
    await submit();
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain('Request limit reached.');
    expect(refusal.textContent).toContain('more are accepted from midnight UTC');
  });
});
