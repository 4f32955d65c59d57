import {
  isSameRecordValue,
  recordSaveConflictSchema,
  type CustomerDetail,
  type CustomerPatch,
  type FieldConflict,
  type PriceChoice,
  type RecordField,
  type RecordSaveConflict,
  type RecordValue,
} from '@lawn/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AutosaveIndicatorStatus } from '../../../components/AutosaveIndicator';
import { ApiError } from '../../../lib/api-client';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { customerKeys } from '../../../lib/query-keys';
import { useAutosave } from '../../../lib/use-autosave';
import { usePatchCustomerMutation } from './customers-api';

/** The fields a record form autosaves; the values they started from and the price answer are added when sent. */
export type RecordFieldsPatch = Partial<Pick<CustomerPatch, RecordField>>;

/** The fields someone else changed meanwhile, each waiting for the person's choice. */
export type RecordConflicts = Partial<Record<RecordField, FieldConflict>>;

/** A field the person is changing: the stored value they started from, and how often they changed it since. */
type Edit = { base: RecordValue; touches: number };

/** The body of a 409 that the person can resolve: fields someone else changed, or a price to choose. */
function refusalOf(error: unknown): RecordSaveConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = recordSaveConflictSchema.safeParse(error.body);
  return parsed.success && (parsed.data.conflicts || parsed.data.priceChoice) ? parsed.data : null;
}

const entriesOf = (patch: RecordFieldsPatch) =>
  (Object.entries(patch) as [RecordField, unknown][]).filter(([, value]) => value !== undefined);

/**
 * Autosave of the record's forms, merging with other people's edits (ADR 0025).
 * - A field's base is the stored value the form showed when the person started changing it (`edit`, `queue`). Forms
 *   show the server's values for every other field (`isEditing`), so a base is always something the person saw.
 * - A save sends only the fields whose value differs from their base, each with its base. A field someone else has
 *   changed meanwhile comes back as a conflict: it keeps the person's value and waits for their choice (`keepMine`
 *   sends it again from the stored value, `takeTheirs` shows the stored value); the other fields are sent again at
 *   once. Nothing typed is replaced without the person's word.
 * - A new lot size or frequency whose table price is not the agreed one waits for `choosePrice` (or `cancelPrice`,
 *   which puts the saved values back).
 * The indicator shows every error, so no snackbar repeats it.
 */
export function useRecordAutosave(customer: CustomerDetail) {
  const queryClient = useQueryClient();
  const { mutateAsync } = usePatchCustomerMutation(customer.id, { meta: FORM_SHOWS_ERRORS });
  const key = customerKeys.detail(customer.id);
  const shown = useRef(customer);
  useEffect(() => {
    shown.current = customer;
  }, [customer]);
  const edits = useRef(new Map<RecordField, Edit>());
  /** The person's latest value of each field that waits for a choice. */
  const waiting = useRef(new Map<RecordField, unknown>());
  const openConflicts = useRef<RecordConflicts>({});
  const priceFields = useRef(new Set<RecordField>());
  const keepPrice = useRef<boolean | undefined>(undefined);
  /** Fields of a save set aside while the person was still typing: they go with the next save. */
  const carried = useRef(new Map<RecordField, unknown>());
  const [conflicts, setConflicts] = useState<RecordConflicts>({});
  const [priceChoice, setPriceChoice] = useState<PriceChoice | null>(null);
  // Moves on whenever a field stops being edited, so forms take the server's value for it.
  const [revision, setRevision] = useState(0);
  const bump = useCallback(() => setRevision((current) => current + 1), []);

  const changeConflicts = useCallback((next: RecordConflicts) => {
    openConflicts.current = next;
    setConflicts(next);
  }, []);

  /** The field has not been changed again since `touches`: the person is done with it. */
  const finish = useCallback((field: RecordField, touches: number) => {
    if (edits.current.get(field)?.touches === touches) edits.current.delete(field);
  }, []);

  /**
   * A save that needs the price question waits for the person's answer. While they are still typing in one of its
   * fields (a turf size key by key), the question waits for the value they end on: the fields they did not touch
   * since go with the next save, which carries the newer value.
   */
  const askPrice = useCallback(
    (sent: ReadonlyMap<RecordField, { value: unknown; touches: number }>, choice: PriceChoice) => {
      const untouched = [...sent].filter(([field, { touches }]) => edits.current.get(field)?.touches === touches);
      if (untouched.length < sent.size) {
        for (const [field, { value }] of untouched) carried.current.set(field, value);
        return;
      }
      for (const [field, { value }] of sent) {
        priceFields.current.add(field);
        waiting.current.set(field, value);
      }
      setPriceChoice(choice);
    },
    [],
  );

  const save = useCallback(
    async (fields: RecordFieldsPatch): Promise<void> => {
      const sent = new Map<RecordField, { value: unknown; base: RecordValue; touches: number }>();
      const all = new Map([...carried.current, ...entriesOf(fields)]);
      carried.current.clear();
      for (const [field, value] of all) {
        const known = edits.current.get(field);
        // Taken back meanwhile (their value taken, a price question cancelled): nothing of it to save.
        if (!known) continue;
        if (openConflicts.current[field] || priceFields.current.has(field)) {
          waiting.current.set(field, value);
          continue;
        }
        if (isSameRecordValue(value, known.base)) finish(field, known.touches);
        else sent.set(field, { value, base: known.base, touches: known.touches });
      }
      while (sent.size > 0) {
        const body = Object.fromEntries([...sent].map(([field, { value }]) => [field, value]));
        const base = Object.fromEntries([...sent].map(([field, edit]) => [field, edit.base]));
        const answer = keepPrice.current;
        try {
          const saved = await mutateAsync({ ...body, base, ...(answer === undefined ? {} : { keepPrice: answer }) });
          if (keepPrice.current === answer) keepPrice.current = undefined;
          for (const [field, { touches }] of sent) {
            const known = edits.current.get(field);
            // Changed again while this save was on its way: the next save starts from the value this one stored.
            if (known && known.touches !== touches) known.base = saved[field];
            else finish(field, touches);
          }
          break;
        } catch (error) {
          const refusal = refusalOf(error);
          if (!refusal) throw error;
          void queryClient.invalidateQueries({ queryKey: key });
          if (refusal.priceChoice) {
            askPrice(sent, refusal.priceChoice);
            break;
          }
          const collided = refusal.conflicts ?? {};
          if (![...sent.keys()].some((field) => field in collided)) throw error;
          for (const [field, { value }] of sent) {
            if (!(field in collided)) continue;
            waiting.current.set(field, value);
            sent.delete(field);
          }
          changeConflicts({ ...openConflicts.current, ...collided });
          // The fields nobody else changed go again at once.
        }
      }
      bump();
    },
    [mutateAsync, queryClient, key, finish, askPrice, changeConflicts, bump],
  );
  const autosave = useAutosave<RecordFieldsPatch>({ save });
  const { queue: queueSave, flush } = autosave;

  /** The person started (or went on) changing these fields: each keeps the value the form showed as its base. */
  const edit = useCallback((fields: readonly RecordField[]) => {
    for (const field of fields) {
      const known = edits.current.get(field);
      if (known) known.touches += 1;
      else edits.current.set(field, { base: shown.current[field], touches: 1 });
    }
  }, []);

  const queue = useCallback(
    (patch: RecordFieldsPatch) => {
      edit(entriesOf(patch).map(([field]) => field));
      queueSave(patch);
    },
    [edit, queueSave],
  );

  /** Whether the person is changing the field: typed and not yet stored, or waiting for their choice. */
  const isEditing = useCallback((field: RecordField) => edits.current.has(field), []);

  /** Takes one field out of what waits for a choice; its latest value, if it had one. */
  const release = useCallback((field: RecordField): unknown => {
    const value = waiting.current.get(field);
    waiting.current.delete(field);
    return value;
  }, []);

  const closeConflict = useCallback(
    (field: RecordField) => {
      const { [field]: _closed, ...rest } = openConflicts.current;
      changeConflicts(rest);
    },
    [changeConflicts],
  );

  /** Saves the person's value over the one someone else stored: it now starts from the stored value. */
  const keepMine = useCallback(
    (field: RecordField) => {
      const conflict = openConflicts.current[field];
      const known = edits.current.get(field);
      if (!conflict || !known) return;
      // The stored value, as the record answered it: a value of the record like any base.
      known.base = conflict.value as RecordValue;
      closeConflict(field);
      const value = release(field);
      if (value !== undefined) queueSave({ [field]: value });
      void flush();
    },
    [closeConflict, release, queueSave, flush],
  );

  /** Drops the person's value: the form shows the one someone else stored. */
  const takeTheirs = useCallback(
    (field: RecordField) => {
      edits.current.delete(field);
      release(field);
      closeConflict(field);
      bump();
    },
    [release, closeConflict, bump],
  );

  /** Sends the save that waited for the price question again, with the person's answer. */
  const choosePrice = useCallback(
    (keep: boolean) => {
      keepPrice.current = keep;
      const patch = Object.fromEntries([...priceFields.current].map((field) => [field, release(field)]));
      priceFields.current.clear();
      setPriceChoice(null);
      queueSave(patch);
      void flush();
    },
    [release, queueSave, flush],
  );

  /** Gives up the change that raised the price question: the form shows the saved values again. */
  const cancelPrice = useCallback(() => {
    for (const field of priceFields.current) {
      edits.current.delete(field);
      release(field);
    }
    priceFields.current.clear();
    setPriceChoice(null);
    bump();
  }, [release, bump]);

  const hasConflicts = Object.keys(conflicts).length > 0;
  const status: AutosaveIndicatorStatus = hasConflicts ? 'conflict' : priceChoice ? 'choice' : autosave.status;
  return {
    status,
    error: autosave.error,
    queue,
    edit,
    flush,
    isEditing,
    revision,
    conflicts,
    keepMine,
    takeTheirs,
    priceChoice,
    choosePrice,
    cancelPrice,
  };
}
