// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import {
  assessment,
  assessmentEmpty,
  businessModel,
  customers,
  firmographic,
  firmographicSparse,
  industry,
  industryEmpty,
  location,
  locationSparse,
  management,
  strategicSignal,
} from '../../../../testing/company-fixtures';
import { BusinessView } from './business-view';
import { OverviewView } from './overview-view';
import { SignalsView } from './signals-view';

afterEach(cleanup);

const region = (name: string) => screen.getByRole('region', { name });

describe('Overview', () => {
  it('shows firmographic facts, the HQ and offices, and industry codes with their names', async () => {
    renderWithProviders(<OverviewView firmographic={firmographic} location={location} industry={industry} />);
    const firmo = await screen.findByRole('region', { name: 'Firmographic' });
    expect(within(firmo).getByText('Acme Robotics GmbH')).toBeTruthy();
    expect(within(firmo).getByRole('link', { name: 'acme-robotics.de' }).getAttribute('href')).toBe(
      'https://www.acme-robotics.de/',
    );
    expect(within(firmo).getByText('2014')).toBeTruthy();
    expect(within(firmo).getByText('Venture / growth investor backed')).toBeTruthy();
    const loc = region('Location');
    // The HQ line and the HQ office both read so.
    expect(within(loc).getAllByText('Munich, Germany').length).toBe(2);
    expect(within(loc).getByText('Western Europe · Europe')).toBeTruthy();
    expect(within(loc).getByText('Offices (2)')).toBeTruthy();
    expect(within(loc).getByText('R&D')).toBeTruthy();
    const ind = region('Industry');
    expect(within(ind).getByText('333922')).toBeTruthy();
    expect(within(ind).getByText('Conveyor and Conveying Equipment Manufacturing')).toBeTruthy();
    expect(within(ind).getByText('3535')).toBeTruthy();
    expect(within(ind).getByText('Robotics')).toBeTruthy();
  });

  it('marks missing values instead of showing blanks, and says when lists are empty', async () => {
    renderWithProviders(
      <OverviewView firmographic={firmographicSparse} location={locationSparse} industry={industryEmpty} />,
    );
    const firmo = await screen.findByRole('region', { name: 'Firmographic' });
    // Legal name, website, founded and employees are all missing.
    expect(within(firmo).getAllByText('Not available').length).toBe(4);
    expect(within(firmo).queryByRole('link')).toBeNull();
    const loc = region('Location');
    expect(within(loc).getByText('Germany')).toBeTruthy();
    expect(within(loc).getByText('No offices listed.')).toBeTruthy();
    expect(within(region('Industry')).getAllByText('None listed.').length).toBe(3);
  });

  it('says so when the company has no overview data at all', async () => {
    renderWithProviders(<OverviewView />);
    expect(await screen.findByText('No overview data for this company')).toBeTruthy();
  });
});

describe('Business model and assessment', () => {
  it('shows go-to-market, revenue models, pricing, moats with descriptions and sources, strengths and weaknesses', async () => {
    renderWithProviders(<BusinessView business_model={businessModel} company_assessment={assessment} />);
    const gtm = await screen.findByRole('region', { name: 'Go-to-market' });
    expect(within(gtm).getByText('B2B · Hardware / manufacturing')).toBeTruthy();
    expect(within(gtm).getByText('Field sales')).toBeTruthy();
    const rev = region('Revenue models');
    expect(within(rev).getByText('Robot sales')).toBeTruthy();
    expect(within(rev).getByText('Priced per site.')).toBeTruthy();
    expect(within(rev).getByText('Components · Field engineers')).toBeTruthy();
    const moats = region('Competitive moats');
    expect(within(moats).getByText('Integrated WMS')).toBeTruthy();
    expect(within(moats).getByText('Robots tied into the warehouse system.')).toBeTruthy();
    expect(within(moats).getByRole('link', { name: 'acme-robotics.de' }).getAttribute('href')).toBe(
      'https://www.acme-robotics.de/platform',
    );
    expect(within(region('Strengths')).getByText('Fast deployment')).toBeTruthy();
    expect(within(region('Weaknesses')).getByText('Thin US presence')).toBeTruthy();
  });

  it('says when lists are empty and when a section is missing', async () => {
    renderWithProviders(<BusinessView company_assessment={assessmentEmpty} />);
    expect(await screen.findByText('No moats identified.')).toBeTruthy();
    expect(screen.getByText('No strengths listed.')).toBeTruthy();
    expect(screen.getByText('No weaknesses listed.')).toBeTruthy();
    expect(within(region('Business model')).getByText('No business model data')).toBeTruthy();
  });
});

describe('Signals', () => {
  it('shows partnerships (linked when the partner is a known company), moves, scale, management and customers', async () => {
    renderWithProviders(
      <SignalsView
        strategic_signal={strategicSignal}
        management_profile={management}
        customer_profile={customers}
      />,
    );
    const partners = await screen.findByRole('region', { name: 'Partnerships' });
    expect(within(partners).getByRole('link', { name: 'Globex Logistics' }).getAttribute('href')).toBe(
      '/companies/cmp-globex',
    );
    expect(within(partners).queryByRole('link', { name: 'Unknown Partner Ltd' })).toBeNull();
    expect(within(partners).getByText('Unknown Partner Ltd')).toBeTruthy();
    expect(within(partners).getByText('Mar 2024')).toBeTruthy();
    expect(within(region('Recent moves')).getByText('Jan 15, 2025')).toBeTruthy();
    expect(within(region('Scale indicators')).getByText('120 live sites')).toBeTruthy();
    const mgmt = region('Management');
    expect(within(mgmt).getByText('Jane Doe')).toBeTruthy();
    expect(within(mgmt).getByText('Founder')).toBeTruthy();
    const cust = region('Customers');
    expect(within(cust).getByRole('link', { name: 'Initech' }).getAttribute('href')).toBe(
      '/companies/cmp-initech',
    );
    expect(within(cust).getByText('≈ 140 customers')).toBeTruthy();
  });

  it('says when there are no partnerships or signals', async () => {
    renderWithProviders(
      <SignalsView strategic_signal={{ scale_indicator: [], partnership: [], recent_move: [] }} />,
    );
    expect(await screen.findByText('No partnerships announced.')).toBeTruthy();
    expect(screen.getByText('No recent moves.')).toBeTruthy();
    expect(screen.getByText('No scale indicators.')).toBeTruthy();
    expect(within(region('Management')).getByText('No management data')).toBeTruthy();
    cleanup();
    renderWithProviders(<SignalsView />);
    expect(await screen.findByText('No signals for this company')).toBeTruthy();
  });
});
