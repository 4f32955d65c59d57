import { z } from 'zod';
import { requiredText } from '../validation';
import { LOOKUP_MESSAGES } from './lookup.constants';

/** A saved search's name: required, at most 100 characters. */
export const SAVED_SEARCH_NAME_MAX = 100;
/** The filter string of a saved search: far longer than any lookup's. */
export const SAVED_SEARCH_FILTER_MAX = 2000;
/** The Saved search lists tab shows 10 a page. */
export const SAVED_SEARCH_PAGE_SIZE = 10;

export const SAVED_SEARCH_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: `Max. ${SAVED_SEARCH_NAME_MAX} characters`,
  noParameter: LOOKUP_MESSAGES.noParameter,
  filterTooLong: `The search is longer than ${SAVED_SEARCH_FILTER_MAX} characters`,
  unknownFilters: (names: readonly string[]) =>
    `This saved search uses filters that no longer exist (${names.join(', ')}); delete it and save the search again.`,
  notFound: 'Saved search not found',
} as const;

/** The name dialog's field, also checked by POST /api/saved-searches. */
export const savedSearchNameSchema = requiredText({
  required: SAVED_SEARCH_MESSAGES.nameRequired,
  max: SAVED_SEARCH_NAME_MAX,
  maxMessage: SAVED_SEARCH_MESSAGES.nameMax,
});
export const savedSearchNameFormSchema = z.object({ name: savedSearchNameSchema });

/**
 * POST /api/saved-searches: a name and the lookup's filter string (`filter[a]=1&filter[b]=2`), which must name at
 * least one filter ('Please select at least one search parameter.'); the server checks every name and value as the
 * customer list does.
 */
export const savedSearchCreateSchema = z.strictObject({
  name: savedSearchNameSchema,
  filter: requiredText({
    required: SAVED_SEARCH_MESSAGES.noParameter,
    max: SAVED_SEARCH_FILTER_MAX,
    maxMessage: SAVED_SEARCH_MESSAGES.filterTooLong,
  }),
});
export type SavedSearchCreate = z.infer<typeof savedSearchCreateSchema>;

export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filter: z.string(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
