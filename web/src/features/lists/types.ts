/**
 * The saved lists of issue 14 as the web app reads them: the contract's types
 * (`@contract/saved-lists`, types only, so none of its schemas reach the first load).
 */
import type {
  ListAlert,
  ListCompany,
  ListCreate,
  ListSchedule,
  ListSeed,
  RemovalReason,
  RemovedCompany,
  SavedList,
  SavedListCreate,
  SavedListPatch,
  SavedListRun,
  SavedListRunDetail,
  SavedListRunSummary,
  StaticListChange,
} from '@contract/saved-lists';

export type { ListAlert, ListSeed, RemovalReason, RemovedCompany, SavedList };
export type Schedule = ListSchedule;
export type ListOwner = SavedList['owner'];
export type NewList = SavedListCreate | Extract<ListCreate, { companies: readonly string[] }>;
/** A company of a static list, as the list keeps it. */
export type { ListCompany };
export type CompanyChange = StaticListChange;
export type ListChanges = SavedListPatch;
export type RunSummary = SavedListRunSummary;
export type ListRun = SavedListRun;
export type RunDetail = SavedListRunDetail;

/** A company's name and website, where the page knows them (the grid's rows). */
export type CompanyName = { name: string; website?: string | null };

export const SCHEDULES = ['daily', 'weekly'] as const satisfies readonly Schedule[];
