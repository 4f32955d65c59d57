import {
  isSameRecordValue,
  RECORD_SAVE_MESSAGES,
  type CustomerDetail,
  type CustomerPatch,
  type FieldConflict,
} from '@lawn/shared';
import type { Executor } from '../../db/client';
import { conflict, type FieldErrors } from '../../http/errors';
import { describeValue } from './customers.changes';
import * as repo from './customers.repo';
import { normalizePatch, type LockedRecord } from './customers.update';

/** A stored value in the history's words; a market by its name, as the record shows it. */
function describeStored(stored: CustomerDetail, field: keyof CustomerDetail): string {
  return field === 'market' ? stored.marketName : describeValue(field, stored[field]);
}

/**
 * Checks each field of a save against the value the person started from (`base`), on the record as it is stored now
 * (the caller holds its lock, so nobody writes in between):
 * - stored value equal to the base: nobody changed the field meanwhile, the save may write it;
 * - stored value equal to the new one: someone already made the same change, there is nothing to refuse;
 * - otherwise someone else changed the field since the person read it: the save is refused (409) and writes nothing,
 *   naming each such field with the stored value, its words and who stored it, so the person chooses which to keep.
 * Fields without a base are not checked; edits of different fields never collide (ADR 0025).
 */
export async function assertUnchangedSinceBase(
  tx: Executor,
  record: LockedRecord,
  patch: CustomerPatch,
): Promise<void> {
  const started = Object.entries(patch.base ?? {}) as [keyof CustomerDetail & keyof CustomerPatch, unknown][];
  if (started.length === 0) return;
  const stored = await repo.findCustomerDetail(tx, record.property.id);
  if (!stored) return;
  const next = normalizePatch(patch, record.property);
  const changed = started.filter(([field, base]) => {
    const now = stored[field];
    const wanted = field in next ? next[field] : patch[field];
    return !isSameRecordValue(now, base) && !isSameRecordValue(now, wanted);
  });
  if (changed.length === 0) return;
  const conflicts: Record<string, FieldConflict> = {};
  const errors: FieldErrors = {};
  for (const [field] of changed) {
    const by = await repo.findLastEditorOfField(tx, record.property.id, field);
    conflicts[field] = { value: stored[field], text: describeStored(stored, field), by };
    errors[field] = [RECORD_SAVE_MESSAGES.fieldChanged];
  }
  throw conflict(RECORD_SAVE_MESSAGES.fieldsChanged, errors, { conflicts });
}
