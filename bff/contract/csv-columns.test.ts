import { describe, expect, it } from 'vitest';
import { detectDelimiter, guessColumns, looksLikeDomain } from './csv-columns';

describe('detectDelimiter', () => {
  it('counts commas and semicolons of the first record outside quotes', () => {
    expect(detectDelimiter('"a;b;c",d\ne;f;g;h')).toBe(',');
    expect(detectDelimiter('a;b,c;d')).toBe(';');
    expect(detectDelimiter('\uFEFFCompany name;Website\r\nAcme;acme.com')).toBe(';');
    expect(detectDelimiter('single')).toBe(',');
  });
});

describe('guessColumns', () => {
  it.each([
    // HubSpot's companies export
    [
      ['Record ID', 'Company name', 'Company Domain Name', 'Company owner', 'Industry'],
      'Company name',
      'Company Domain Name',
    ],
    // Salesforce's accounts export
    [
      ['Account ID', 'Account Name', 'Account Owner', 'Website', 'Billing Country'],
      'Account Name',
      'Website',
    ],
    // A rep's spreadsheet
    [['company', 'domain', 'notes'], 'company', 'domain'],
    [['Organisation', 'Web site', 'Contact first name'], 'Organisation', 'Web site'],
    [['Name', 'URL', 'LinkedIn URL'], 'Name', 'URL'],
    [['First Name', 'Last Name', 'Email', 'Company', 'Website URL'], 'Company', 'Website URL'],
    [['ACCOUNT_NAME', 'COMPANY_WEBSITE'], 'ACCOUNT_NAME', 'COMPANY_WEBSITE'],
    [['Firmenname', 'Homepage'], null, 'Homepage'],
    [['Société', 'Home Page'], null, 'Home Page'],
    // A contacts export: the email's domain is the last resort for the company's site.
    [['Contact name', 'Email', 'Email domain'], null, 'Email domain'],
  ])('in %j: name %j, website %j', (headers, name, domain) => {
    expect(guessColumns(headers)).toEqual({ name, domain });
  });

  it('prefers the exact CRM field over a looser header', () => {
    expect(guessColumns(['Parent company name', 'Company name', 'Website', 'Company LinkedIn URL'])).toEqual({
      name: 'Company name',
      domain: 'Website',
    });
  });

  it('never takes a contact, an owner or an email column for the company', () => {
    expect(guessColumns(['Contact name', 'Owner name', 'Email', 'LinkedIn Company Page'])).toEqual({
      name: null,
      domain: null,
    });
  });

  it('finds a column of domains under a header that says nothing, from the first rows', () => {
    const headers = ['Column 1', 'Column 2', 'Column 3'];
    const rows = [
      ['Acme', '12', 'acme.com'],
      ['Globex', '7', 'https://www.globex.io/about'],
      ['Initech', '3', ''],
      ['Umbrella', '9', 'umbrella.co.uk'],
    ];
    expect(guessColumns(headers, rows)).toEqual({ name: null, domain: 'Column 3' });
  });

  it('does not take the same column twice', () => {
    expect(guessColumns(['Company Domain Name'])).toEqual({ name: null, domain: 'Company Domain Name' });
  });

  it('keeps a column already chosen and guesses the other among the rest', () => {
    expect(guessColumns(['Company', 'Domain'], [], { domain: 'Domain' })).toEqual({
      name: 'Company',
      domain: 'Domain',
    });
    expect(guessColumns(['Website', 'Domain'], [], { domain: 'Website' })).toEqual({
      name: null,
      domain: 'Website',
    });
    expect(guessColumns(['Website', 'Account'], [], { name: 'Website' })).toEqual({
      name: 'Website',
      domain: null,
    });
  });
});

describe('looksLikeDomain', () => {
  it.each([
    ['acme.com', true],
    ['www.acme.co.uk', true],
    ['https://app.acme.io/login?x=1', true],
    ['ACME.COM', true],
    ['Acme Inc.', false],
    ['jane@acme.com', false],
    ['12.5', false],
    ['n/a', false],
  ])('%j: %j', (value, expected) => {
    expect(looksLikeDomain(value)).toBe(expected);
  });
});
