/**
 * The Jobs tab's filters, apart from its drawing: the places and functions the loaded roles offer
 * (with how many roles each), and the roles that pass a function and a place. The service filters
 * listings by nothing but the company, so the tab filters what it has loaded.
 *
 * A place is "Remote" (any remote role), a country (every role there, remote or not), or a city (the
 * roles on site there). A listing's country is its ISO code when it has one; its name is the last
 * part of the location ("Berlin, Germany", "Remote, Germany"), the form the vendor's listings take.
 */
import type { JobListing } from '@contract/api';
import { JOB_FUNCTION_LABELS, type JobFunction } from '@contract/signal-values';
import { humanize } from '@/lib/format';

export type JobsFilter = {
  /** A function code (`sales`), or '' for every function. */
  fn: string;
  /** A place's value (`remote`, `country:DE`, `city:Berlin, Germany`), or '' for anywhere. */
  place: string;
};

export const ANY_JOB: JobsFilter = { fn: '', place: '' };

export type PlaceOption = { value: string; label: string; count: number };
export type JobPlaces = { remote: PlaceOption | null; countries: PlaceOption[]; cities: PlaceOption[] };
export type FunctionCount = { fn: string; label: string; count: number };

export function functionLabel(fn: string): string {
  return JOB_FUNCTION_LABELS[fn as JobFunction] ?? humanize(fn);
}

function countryNameOf(job: JobListing): string {
  const parts = job.location.split(',').map((p) => p.trim());
  return parts.length > 1 ? parts.at(-1)! : (job.country ?? job.location);
}

function countryKeyOf(job: JobListing): string {
  return `country:${job.country ?? countryNameOf(job)}`;
}

function cityKeyOf(job: JobListing): string | null {
  return job.remote || !job.location.trim() ? null : `city:${job.location.trim()}`;
}

/** Most roles first, then by name. */
function ranked(options: Map<string, PlaceOption>): PlaceOption[] {
  return [...options.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

function tally(options: Map<string, PlaceOption>, value: string, label: string): void {
  const o = options.get(value);
  if (o) o.count += 1;
  else options.set(value, { value, label, count: 1 });
}

/**
 * The places the roles offer. Countries are offered when there are several (one country is
 * "anywhere"), cities when there are several on site.
 */
export function jobPlaces(jobs: readonly JobListing[]): JobPlaces {
  let remote = 0;
  const countries = new Map<string, PlaceOption>();
  const cities = new Map<string, PlaceOption>();
  for (const job of jobs) {
    if (job.remote) remote += 1;
    tally(countries, countryKeyOf(job), countryNameOf(job));
    const city = cityKeyOf(job);
    if (city) tally(cities, city, job.location.trim());
  }
  return {
    remote: remote > 0 ? { value: 'remote', label: 'Remote', count: remote } : null,
    countries: countries.size > 1 ? ranked(countries) : [],
    cities: cities.size > 1 ? ranked(cities) : [],
  };
}

function inPlace(job: JobListing, place: string): boolean {
  if (place === '') return true;
  if (place === 'remote') return job.remote;
  if (place.startsWith('country:')) return countryKeyOf(job) === place;
  return cityKeyOf(job) === place;
}

/** The roles of a function in a place. */
export function filterJobs(jobs: readonly JobListing[], filter: JobsFilter): JobListing[] {
  return jobs.filter((j) => (filter.fn === '' || j.function === filter.fn) && inPlace(j, filter.place));
}

/** Roles by function in a place, most first (the functions of no role there left out). */
export function countsByFunction(jobs: readonly JobListing[], place = ''): FunctionCount[] {
  const counts = new Map<string, number>();
  for (const j of jobs) if (inPlace(j, place)) counts.set(j.function, (counts.get(j.function) ?? 0) + 1);
  return [...counts]
    .map(([fn, count]) => ({ fn, label: functionLabel(fn), count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}
