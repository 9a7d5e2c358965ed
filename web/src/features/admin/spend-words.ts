/**
 * What a rep did, for each paid endpoint of the data provider: the Admin page's spend shows these
 * words, never a request path (docs/product-rules.md, section 18). One label per service endpoint of
 * the endpoint table (`@contract/endpoints`), by its id: a new endpoint without one does not compile.
 */
import { ENDPOINT_IDS, ENDPOINTS, SERVICE_PREFIXES, type ServiceEndpointId } from '@contract/endpoints';

/** The words for each endpoint of the data provider, by its id in the endpoint table. */
const LABELS: Readonly<Record<ServiceEndpointId, string>> = {
  'list.generate': 'List pages',
  'list.filterBuilder': 'Lists from a description',
  'company.enrichment': 'Company pages',
  'company.enrichment.post': 'Company pages',
  'company.productReviews': 'Product reviews',
  'company.employeeReviews': 'Employee reviews',
  'company.posts': 'Company posts',
  'industry.search': 'Industry search',
  'company.search': 'Company search',
  news: 'News',
  'company.headcountTrends': 'Headcount trends',
  'company.jobs': 'Job listings',
  'company.websiteTraffic': 'Website traffic',
  'additions.submit': 'Companies added',
  'additions.status': 'Checks on added companies',
  'webhooks.list': 'Notifications set up',
  'webhooks.create': 'Notifications set up',
  'webhooks.delete': 'Notifications set up',
  'webhooks.deliveries': 'Notifications set up',
};

const SERVICE_IDS = ENDPOINT_IDS.filter((id): id is ServiceEndpointId => ENDPOINTS[id].scope === 'service');

/** The service's paths, each as the endpoint table spells it (the ledger's `endpoint`). */
export const SERVICE_PATHS: readonly string[] = [...new Set(SERVICE_IDS.map((id) => ENDPOINTS[id].path))];

/** The label of each service path (several endpoints may share a path, and then a label). */
export const SPEND_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  SERVICE_IDS.map((id) => [ENDPOINTS[id].path, LABELS[id]]),
);

/** The words for a ledger endpoint (either prefix of the spec); "Other data" for one not in the table. */
export function spendLabel(endpoint: string): string {
  const prefix = SERVICE_PREFIXES.find((p) => endpoint.startsWith(`${p}/`));
  const canonical = prefix ? `${SERVICE_PREFIXES[0]}${endpoint.slice(prefix.length)}` : endpoint;
  return SPEND_LABELS[canonical] ?? 'Other data';
}

/** The ledger's credits by endpoint summed by label, largest first (several endpoints share one). */
export function spendByLabel(
  byEndpoint: Readonly<Record<string, number>>,
): { label: string; credits: number }[] {
  const sums = new Map<string, number>();
  for (const [endpoint, credits] of Object.entries(byEndpoint)) {
    const label = spendLabel(endpoint);
    sums.set(label, (sums.get(label) ?? 0) + credits);
  }
  return [...sums]
    .map(([label, credits]) => ({ label, credits: Math.round(credits * 1000) / 1000 }))
    .sort((a, b) => b.credits - a.credits || a.label.localeCompare(b.label));
}
