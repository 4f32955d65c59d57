import { APP_PATHS } from '@lawn/shared';
import type { AccountKind } from './account-kinds';

/** Where each kind's list and form live, and what they are called. */
export const ACCOUNT_PAGES: Record<AccountKind, { list: string; form: string; noun: string; listTitle: string }> = {
  staff: { list: APP_PATHS.users, form: APP_PATHS.createUser, noun: 'user', listTitle: 'Users' },
  crew: { list: APP_PATHS.crewMembers, form: APP_PATHS.createCrewMember, noun: 'crew', listTitle: 'Crew members' },
  'bb-crew': {
    list: APP_PATHS.bbCrewMembers,
    form: APP_PATHS.bbCreateCrewMember,
    noun: 'B&B crew',
    listTitle: 'B&B crews',
  },
};

/** The form's navigation state: the account to edit, or 0 (or nothing) to create one. */
export type AccountFormState = { id: number };

export function readAccountId(state: unknown): number {
  const id = (state as Partial<AccountFormState> | null)?.id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : 0;
}
