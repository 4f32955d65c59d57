import { isSameRecordValue, RECORD_SAVE_MESSAGES, type CustomerDetail, type FieldConflict } from '@lawn/shared';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { installFakeFetch, jsonResponse, type FakeRequest } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { useCustomerQuery } from './api/customers-api';
import { RecordDraftsProvider } from './components/RecordDraftsProvider';
import { RecordInvalidZipsProvider } from './components/RecordInvalidZipsProvider';

type Answer = (request: FakeRequest) => Response | undefined;

type RecordServerOptions = {
  /** Answers a PATCH before the record does (a conflict, a failure); undefined lets the record save it. */
  answerPatch?: Answer | undefined;
  /** What the server works out from the saved fields and sends back with them, e.g. the price of a new frequency. */
  computed?: (fields: Record<string, unknown>) => Partial<CustomerDetail>;
  /** The tab's other calls (look-ups), answered before the 404 of anything unknown. */
  lookups?: Answer;
};

/** Who changed the record behind the tab's back (`setCurrent`), as a conflict names them. */
export const OTHER_EDITOR = 'Kim Lee';

/**
 * The fields of a save someone else changed since its base values, as the API answers them (409, `conflicts`); the
 * words of a value are the value itself here.
 */
function conflictsOf(current: CustomerDetail, fields: Record<string, unknown>, base: Record<string, unknown>) {
  const conflicts: Record<string, FieldConflict> = {};
  for (const [field, started] of Object.entries(base)) {
    const stored = current[field as keyof CustomerDetail];
    if (isSameRecordValue(stored, started) || isSameRecordValue(stored, fields[field])) continue;
    conflicts[field] = { value: stored, text: String(stored), by: OTHER_EDITOR };
  }
  return conflicts;
}

/**
 * The record as the server holds it for a record tab: GET answers it; a PATCH checks its base values as the API does
 * (409 naming each field changed meanwhile) and answers the record with its changes and the next version.
 * `setCurrent` changes it behind the tab's back, as another user would.
 */
export function fakeRecordServer(start: CustomerDetail, options: RecordServerOptions = {}) {
  let current = start;
  const server = installFakeFetch((request) => {
    if (request.path === `/customers/${start.id}` && request.method === 'GET') {
      return jsonResponse(200, { data: current });
    }
    if (request.path === `/customers/${start.id}` && request.method === 'PATCH') {
      const special = options.answerPatch?.(request);
      if (special) return special;
      const { version: _version, base = {}, keepPrice: _keep, ...fields } = request.body as Record<string, unknown>;
      const conflicts = conflictsOf(current, fields, base as Record<string, unknown>);
      if (Object.keys(conflicts).length > 0) {
        const errors = Object.fromEntries(Object.keys(conflicts).map((field) => [field, ['Changed meanwhile']]));
        return jsonResponse(409, { message: RECORD_SAVE_MESSAGES.fieldsChanged, errors, conflicts });
      }
      current = { ...current, ...fields, ...options.computed?.(fields), version: current.version + 1 };
      return jsonResponse(200, { data: current });
    }
    return options.lookups?.(request) ?? jsonResponse(404, { message: 'Not found' });
  });
  return { ...server, setCurrent: (next: CustomerDetail) => (current = next) };
}

/** The saves a tab sent. */
export const patches = (requests: FakeRequest[]) => requests.filter((request) => request.method === 'PATCH');

/** Long enough for a debounced autosave to go out and come back. */
export const SLOW = { timeout: 5000 };

/**
 * Renders the tab of record `id` as the record page does: once the record has loaded, with the screen's invalid zips
 * and what its forms keep; `routes` are where it links.
 */
export function renderRecordTab(id: number, tab: (customer: CustomerDetail) => ReactNode, routes: RouteObject[] = []) {
  function Record() {
    const customer = useCustomerQuery(id);
    return customer.data ? tab(customer.data) : null;
  }
  return renderRoutes([
    {
      path: '/',
      element: (
        <RecordInvalidZipsProvider>
          <RecordDraftsProvider>
            <Record />
          </RecordDraftsProvider>
        </RecordInvalidZipsProvider>
      ),
    },
    ...routes,
  ]);
}
