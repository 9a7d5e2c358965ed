/**
 * The input and output schemas of every endpoint of the table (`endpoints.ts`), by the same id. The
 * table itself stays free of zod so that the web app's client, which needs only methods and paths,
 * does not load every schema of the contract; the servers and the OpenAPI document read both
 * (`endpointWithSchemas`). `satisfies` below makes the compiler refuse an id of the table without
 * its entry here, and an entry for no endpoint.
 *
 * - `input`: the query (GET, DELETE) or JSON body (POST, PATCH); absent = takes none.
 * - `output`: the success answer's JSON body; absent = no JSON body (the table's `media` says what
 *   comes instead, or a 204 says nothing does).
 */
import { z } from 'zod';
import {
  AccountListDetail,
  AccountListPatch,
  AccountListQuery,
  AccountListSummary,
  AccountListsResponse,
  EnrichmentEstimate,
  EnrichmentRunResponse,
  HideCompanies,
  ImportAccepted,
  ImportParams,
  ImportPreview,
  ImportRow,
  ImportStatus,
  ImportsResponse,
  PickRequest,
  RowsQuery,
  RowsResponse,
} from './accounts';
import {
  AdminUser,
  AdminUsersResponse,
  AuditQuery,
  AuditResponse,
  NewUserRequest,
  SpendQuery,
  SpendResponse,
  TeamPatch,
  TeamSettings,
  UserPatch,
} from './admin';
import {
  AdditionRequest,
  AdditionStatusResponse,
  AdditionSubmitResponse,
  CompanySearchQuery,
  CompanySearchResponse,
  EmployeeReviewsQuery,
  EmployeeReviewsResponse,
  EnrichmentBody,
  EnrichmentQuery,
  EnrichmentResponse,
  FilterBuilderRequest,
  FilterBuilderResponse,
  HeadcountTrendsQuery,
  HeadcountTrendsResponse,
  Health,
  IndustrySearchQuery,
  IndustrySearchResponse,
  JobsQuery,
  JobsResponse,
  ListGenerateResponse,
  ListRequest,
  NewsQuery,
  NewsResponse,
  PostsQuery,
  PostsResponse,
  ProductReviewsQuery,
  ProductReviewsResponse,
  WebhookDeliveryListResponse,
  WebhookEndpointListResponse,
  WebhookEndpointRequest,
  WebhookEndpointResponse,
  WebhookEvent,
  WebsiteTrafficQuery,
  WebsiteTrafficResponse,
} from './api';
import { PricingResponse, SessionInfo, SignInRequest, UsageResponse } from './bff';
import {
  AdditionsResponse,
  AllExportEstimate,
  ExportRequest,
  ListCountEstimate,
  ListCountResponse,
} from './bff-lists';
import {
  CompanyQuote,
  CompanyQuoteRequest,
  CompanySectionsRequest,
  CompanySectionsResponse,
  ListExportEstimate,
} from './company-store';
import { ENDPOINT_IDS, ENDPOINTS, type EndpointDef, type EndpointId } from './endpoints';
import { IndustryTreeResponse } from './industry-tree-schema';
import { LookalikeRequest, LookalikeResponse } from './lookalikes';
import {
  ListAlertsResponse,
  ListCreate,
  SavedList,
  SavedListEstimate,
  SavedListPatch,
  SavedListRun,
  SavedListRunDetail,
  SavedListRunsResponse,
  SavedListsResponse,
  StaticListChange,
  StaticListCsvQuery,
} from './saved-lists';
import {
  CompanySignalsRequest,
  CompanySignalsResponse,
  SignalQuote,
  SignalQuoteRequest,
} from './signal-columns';
import { ScreenEstimate } from './signal-filters';

type EndpointSchemas = {
  readonly input?: z.ZodType;
  readonly output?: z.ZodType;
};

/** An endpoint as the servers read it: the table's entry and its schemas. */
export type EndpointWithSchemas = EndpointDef & EndpointSchemas;

const ENDPOINT_SCHEMAS = {
  // --- the Company Data Service ------------------------------------------------------------------
  // The BFF's superset: its own filter keys and `exclude` (the service never sees them).
  'list.generate': { input: ListRequest, output: ListGenerateResponse },
  'list.filterBuilder': { input: FilterBuilderRequest, output: FilterBuilderResponse },
  'company.enrichment': { input: EnrichmentQuery, output: EnrichmentResponse },
  'company.enrichment.post': { input: EnrichmentBody, output: EnrichmentResponse },
  'company.productReviews': { input: ProductReviewsQuery, output: ProductReviewsResponse },
  'company.employeeReviews': { input: EmployeeReviewsQuery, output: EmployeeReviewsResponse },
  'company.posts': { input: PostsQuery, output: PostsResponse },
  'industry.search': { input: IndustrySearchQuery, output: IndustrySearchResponse },
  'company.search': { input: CompanySearchQuery, output: CompanySearchResponse },
  news: { input: NewsQuery, output: NewsResponse },
  'company.headcountTrends': { input: HeadcountTrendsQuery, output: HeadcountTrendsResponse },
  'company.jobs': { input: JobsQuery, output: JobsResponse },
  'company.websiteTraffic': { input: WebsiteTrafficQuery, output: WebsiteTrafficResponse },
  'additions.submit': { input: AdditionRequest, output: AdditionSubmitResponse },
  'additions.status': { output: AdditionStatusResponse },
  'webhooks.list': { output: WebhookEndpointListResponse },
  'webhooks.create': { input: WebhookEndpointRequest, output: WebhookEndpointResponse },
  'webhooks.delete': {},
  'webhooks.deliveries': { output: WebhookDeliveryListResponse },

  // --- served by each server ---------------------------------------------------------------------
  health: { output: Health },

  // --- the BFF's own API -------------------------------------------------------------------------
  'bff.openapi': { output: z.record(z.string(), z.unknown()) },
  'bff.session': { output: SessionInfo },
  'bff.signIn': { input: SignInRequest, output: SessionInfo },
  'bff.signOut': {},
  'bff.pricing': { output: PricingResponse },
  'bff.usage': { output: UsageResponse },
  'bff.exports': { input: ExportRequest },
  'bff.events': {},
  'bff.additions': { output: AdditionsResponse },
  'bff.webhookReceiver': { input: WebhookEvent },
  'bff.lookalikes': { input: LookalikeRequest, output: LookalikeResponse },
  'bff.savedLists': { output: SavedListsResponse },
  'bff.savedLists.create': { input: ListCreate, output: SavedList },
  'bff.savedLists.alerts': { output: ListAlertsResponse },
  'bff.savedLists.alertsRead': {},
  'bff.savedList': { output: SavedList },
  'bff.savedList.update': { input: SavedListPatch, output: SavedList },
  'bff.savedList.delete': {},
  'bff.savedList.estimate': { output: SavedListEstimate },
  'bff.savedList.run': { output: SavedListRun },
  'bff.savedList.runs': { output: SavedListRunsResponse },
  'bff.savedList.runDetail': { output: SavedListRunDetail },
  'bff.savedList.seen': {},
  'bff.savedList.companies': { input: StaticListChange, output: SavedList },
  'bff.savedList.csv': { input: StaticListCsvQuery },

  // --- account lists (issue 15) ------------------------------------------------------------------
  // The import's body is CSV (or multipart), not JSON: `input` is its query parameters.
  'bff.accounts.imports': { output: ImportsResponse },
  'bff.accounts.import': { input: ImportParams, output: ImportAccepted },
  'bff.accounts.preview': { input: ImportParams, output: ImportPreview },
  'bff.accounts.importStatus': { output: ImportStatus },
  'bff.accounts.cancelImport': { output: ImportStatus },
  'bff.accounts.report': {},
  'bff.accounts.rows': { input: RowsQuery, output: RowsResponse },
  'bff.accounts.pickRow': { input: PickRequest, output: ImportRow },
  'bff.accounts.lists': { output: AccountListsResponse },
  'bff.accounts.list': { input: AccountListQuery, output: AccountListDetail },
  'bff.accounts.updateList': { input: AccountListPatch, output: AccountListSummary },
  'bff.accounts.hide': { input: HideCompanies, output: AccountListSummary },
  'bff.accounts.enrichment': { output: EnrichmentRunResponse },
  'bff.exports.estimate': {
    input: ExportRequest,
    output: z.union([EnrichmentEstimate, ListExportEstimate, AllExportEstimate]),
  },
  'bff.lists.count': { input: ListRequest, output: ListCountResponse },
  'bff.lists.count.estimate': { input: ListRequest, output: ListCountEstimate },
  'bff.companies.quote': { input: CompanyQuoteRequest, output: CompanyQuote },
  'bff.industries': { output: IndustryTreeResponse },
  'bff.lists.screen.estimate': { input: ListRequest, output: ScreenEstimate },
  'bff.companies.signals.quote': { input: SignalQuoteRequest, output: SignalQuote },
  'bff.companies.signals': { input: CompanySignalsRequest, output: CompanySignalsResponse },
  'bff.companies.sections': { input: CompanySectionsRequest, output: CompanySectionsResponse },

  // --- the team's administration (admins only) ---------------------------------------------------
  'bff.admin.users': { output: AdminUsersResponse },
  'bff.admin.addUser': { input: NewUserRequest, output: AdminUser },
  'bff.admin.updateUser': { input: UserPatch, output: AdminUser },
  'bff.admin.team': { output: TeamSettings },
  'bff.admin.updateTeam': { input: TeamPatch, output: TeamSettings },
  'bff.admin.audit': { input: AuditQuery, output: AuditResponse },
  'bff.admin.spend': { input: SpendQuery, output: SpendResponse },
  'bff.admin.ledgerCsv': {},
} as const satisfies { readonly [I in EndpointId]: EndpointSchemas };

export type EndpointSchemaTable = typeof ENDPOINT_SCHEMAS;

const WITH_SCHEMAS = Object.fromEntries(
  ENDPOINT_IDS.map((id) => [id, Object.freeze({ ...ENDPOINTS[id], ...ENDPOINT_SCHEMAS[id] })]),
) as Readonly<Record<EndpointId, EndpointWithSchemas>>;

/** The table's entry of an endpoint with its schemas (made once: the proxy reads it per request). */
export function endpointWithSchemas(id: EndpointId): EndpointWithSchemas {
  return WITH_SCHEMAS[id];
}
