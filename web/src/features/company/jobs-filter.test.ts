import { describe, expect, it } from 'vitest';
import { job } from '../../testing/signal-fixtures';
import { countsByFunction, filterJobs, jobPlaces } from './jobs-filter';

const JOBS = [
  job({ id: '1', function: 'sales', location: 'Berlin, Germany', country: 'DE' }),
  job({ id: '2', function: 'sales', location: 'Remote, Germany', country: 'DE', remote: true }),
  job({ id: '3', function: 'engineering', location: 'Munich, Germany', country: 'DE' }),
  job({ id: '4', function: 'sales', location: 'Paris, France', country: 'FR' }),
  job({ id: '5', function: 'engineering', location: 'Remote, France', country: 'FR', remote: true }),
  job({ id: '6', function: 'customer_support', location: 'Berlin, Germany', country: 'DE' }),
  // A function the app has no label for, and a listing without a country code.
  job({ id: '7', function: 'sustainability', location: 'Vienna, Austria', country: null }),
];

const ids = (list: readonly { id: string }[]) => list.map((j) => j.id);

describe('the Jobs tab’s filters', () => {
  it('offers Remote, the countries and the on-site cities, most roles first', () => {
    const places = jobPlaces(JOBS);
    expect(places.remote).toEqual({ value: 'remote', label: 'Remote', count: 2 });
    expect(places.countries).toEqual([
      { value: 'country:DE', label: 'Germany', count: 4 },
      { value: 'country:FR', label: 'France', count: 2 },
      { value: 'country:Austria', label: 'Austria', count: 1 },
    ]);
    expect(places.cities.map((c) => [c.label, c.count])).toEqual([
      ['Berlin, Germany', 2],
      ['Munich, Germany', 1],
      ['Paris, France', 1],
      ['Vienna, Austria', 1],
    ]);
  });

  it('offers no country when every role is in one, and no city when every on-site role is in one', () => {
    const places = jobPlaces(JOBS.slice(0, 2));
    expect(places.countries).toEqual([]);
    expect(places.cities).toEqual([]);
    expect(places.remote?.count).toBe(1);
    expect(jobPlaces([])).toEqual({ remote: null, countries: [], cities: [] });
  });

  it('keeps the roles of the chosen function in the chosen place', () => {
    expect(ids(filterJobs(JOBS, { fn: '', place: '' }))).toEqual(ids(JOBS));
    expect(ids(filterJobs(JOBS, { fn: 'sales', place: '' }))).toEqual(['1', '2', '4']);
    // A country holds its remote roles too; a city only the roles on site there.
    expect(ids(filterJobs(JOBS, { fn: 'sales', place: 'country:DE' }))).toEqual(['1', '2']);
    expect(ids(filterJobs(JOBS, { fn: '', place: 'city:Berlin, Germany' }))).toEqual(['1', '6']);
    expect(ids(filterJobs(JOBS, { fn: '', place: 'remote' }))).toEqual(['2', '5']);
    expect(ids(filterJobs(JOBS, { fn: 'engineering', place: 'remote' }))).toEqual(['5']);
    expect(ids(filterJobs(JOBS, { fn: 'hr', place: '' }))).toEqual([]);
    expect(ids(filterJobs(JOBS, { fn: '', place: 'country:Austria' }))).toEqual(['7']);
  });

  it('counts the roles by function in the chosen place, most first, with a label for each', () => {
    expect(countsByFunction(JOBS)).toEqual([
      { fn: 'sales', label: 'Sales', count: 3 },
      { fn: 'engineering', label: 'Engineering', count: 2 },
      { fn: 'customer_support', label: 'Customer support', count: 1 },
      { fn: 'sustainability', label: 'Sustainability', count: 1 },
    ]);
    expect(countsByFunction(JOBS, 'country:FR')).toEqual([
      { fn: 'engineering', label: 'Engineering', count: 1 },
      { fn: 'sales', label: 'Sales', count: 1 },
    ]);
    expect(countsByFunction(JOBS, 'city:Nowhere')).toEqual([]);
  });
});
