/** The "Save list" and list settings form: a name, who sees the list, and how often the BFF checks it. */
import { SAVED_LIST_NAME_MAX } from '@contract/list-params';
import { z } from 'zod';
import { SCHEDULES, type Schedule } from './types';

/** As the BFF takes it (`@contract/saved-lists`). */
export const LIST_NAME_MAX = SAVED_LIST_NAME_MAX;

export const ListForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the list a name')
    .max(LIST_NAME_MAX, `At most ${LIST_NAME_MAX} characters`),
  visibility: z.enum(['private', 'shared']),
  schedule: z.enum(['none', ...SCHEDULES]),
});
export type ListFormValues = z.input<typeof ListForm>;
export type ListFormOutput = z.output<typeof ListForm>;

/** The form's values as the API takes them. */
export function listSettingsOf(v: ListFormOutput): {
  name: string;
  shared: boolean;
  schedule: Schedule | null;
} {
  return {
    name: v.name,
    shared: v.visibility === 'shared',
    schedule: v.schedule === 'none' ? null : v.schedule,
  };
}

export function formValuesOf(list: {
  name: string;
  shared: boolean;
  schedule: Schedule | null;
}): ListFormValues {
  return {
    name: list.name,
    visibility: list.shared ? 'shared' : 'private',
    schedule: list.schedule ?? 'none',
  };
}
