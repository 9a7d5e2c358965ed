/**
 * The add-company form's rules: the contract's request schema, with the website checked the way a
 * person can fix it (a site address with a dot in its name), before anything is sent. Whether the
 * domain can be a real site (`.invalid`, `.test`) is the service's call: it fails the request with
 * its reason, which the status view shows.
 */
import { AdditionRequest } from '@contract/api';
import { z } from 'zod';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** The host of what a person typed as a website, or null when it cannot be one. */
function websiteHost(input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/\.$/, '');
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (!/^[a-z]{2,63}$/i.test(labels[labels.length - 1] ?? '')) return null;
  return host.toLowerCase();
}

export const AddCompanyForm = z.object({
  company_name: z
    .string()
    .trim()
    .min(1, "Enter the company's name")
    .max(300, 'Keep the name under 300 characters')
    .regex(/[\p{L}\p{N}]/u, 'The name needs at least one letter or digit'),
  website: z
    .string()
    .trim()
    .min(1, "Enter the company's website, such as acme.com")
    .max(2048, 'That address is too long')
    .refine((w) => websiteHost(w) !== null, {
      message: 'Enter a website address such as acme.com or https://www.acme.com',
    }),
});
export type AddCompanyForm = z.infer<typeof AddCompanyForm>;

/** The form's values are a valid request of the contract too (the schemas must not drift). */
export function toAdditionRequest(v: AddCompanyForm): AdditionRequest {
  return AdditionRequest.parse(v);
}
