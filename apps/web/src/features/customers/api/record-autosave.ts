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
import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AutosaveIndicatorStatus } from '../../../components/AutosaveIndicator';
import { ApiError } from '../../../lib/api-client';
import { readFieldErrors } from '../../../lib/error-message';
import { FORM_SHOWS_ERRORS } from '../../../lib/mutation-errors';
import { customerKeys } from '../../../lib/query-keys';
import { useAutosave } from '../../../lib/use-autosave';
import { useKept } from '../record-drafts';
import { usePatchCustomerMutation } from './customers-api';

/** The fields a record form autosaves; the values they started from and the price answer are added when sent. */
export type RecordFieldsPatch = Partial<Pick<CustomerPatch, RecordField>>;

/** The fields someone else changed meanwhile, each waiting for the person's choice. */
export type RecordConflicts = Partial<Record<RecordField, FieldConflict>>;

/** A field the person is changing: the stored value they started from, and how often they changed it since. */
type Edit = { base: RecordValue; touches: number };

/** Fields the server refused with a message of their own (an e-mail another customer has), each shown at its field. */
export type RecordRefusals = Partial<Record<RecordField, string>>;

/**
 * What a form's autosave knows of the fields being changed. It is kept while the record screen is open, so a tab
 * closed and opened again goes on where it was (a save still on its way finishes its fields in it), and nothing the
 * person typed is forgotten with the tab.
 */
type AutosaveSession = {
  edits: Map<RecordField, Edit>;
  /** The person's latest value of each field that waits for a choice. */
  waiting: Map<RecordField, unknown>;
  /** The fields someone else changed meanwhile, each waiting for the person's choice. */
  conflicts: RecordConflicts;
  priceFields: Set<RecordField>;
  priceChoice: PriceChoice | null;
  keepPrice: boolean | undefined;
  /** Fields of a save set aside while the person was still typing: they go with the next save. */
  carried: Map<RecordField, unknown>;
  refusals: RecordRefusals;
};

const newSession = (): AutosaveSession => ({
  edits: new Map(),
  waiting: new Map(),
  conflicts: {},
  priceFields: new Set(),
  priceChoice: null,
  keepPrice: undefined,
  carried: new Map(),
  refusals: {},
});

/** The body of a 409 that the person can resolve: fields someone else changed, or a price to choose. */
function refusalOf(error: unknown): RecordSaveConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = recordSaveConflictSchema.safeParse(error.body);
  return parsed.success && (parsed.data.conflicts || parsed.data.priceChoice) ? parsed.data : null;
}

/** The sent fields a refused save (400, or 409 without a choice) names with a message, e.g. an e-mail already taken. */
function fieldRefusalsOf(error: unknown, sent: ReadonlyMap<RecordField, unknown>): RecordRefusals {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return {};
  const messages = readFieldErrors(error);
  return Object.fromEntries(
    [...sent.keys()].flatMap((field) => (messages[field] === undefined ? [] : [[field, messages[field]]])),
  ) as RecordRefusals;
}

const entriesOf = (patch: RecordFieldsPatch) =>
  (Object.entries(patch) as [RecordField, unknown][]).filter(([, value]) => value !== undefined);

/**
 * Resolves once the query client has told its observers what was just stored. The form learns a save's values from
 * the record's query, on the client's next notification: a field finished before that would show its old stored value
 * for a moment (a Manual box flipping back and forth remounts the address field under the person's fingers).
 */
const afterQueryNotifications = () => new Promise<void>((resolve) => notifyManager.schedule(resolve));

const hasMessage = (messages: Readonly<Record<string, string | undefined>>) =>
  Object.values(messages).some((message) => message !== undefined);

/**
 * Autosave of the record's forms, merging with other people's edits (ADR 0025). `form` names the form on the record
 * screen: what it knows is kept there under the record's id and that name while the screen is open.
 * - A field's base is the stored value the form showed when the person started changing it (`edit`, `queue`). Forms
 *   show the server's values for every other field (`isEditing`), so a base is always something the person saw.
 * - A save sends only the fields whose value differs from their base, each with its base. A field someone else has
 *   changed meanwhile comes back as a conflict: it keeps the person's value and waits for their choice (`keepMine`
 *   sends it again from the stored value, `takeTheirs` shows the stored value); the other fields are sent again at
 *   once. Nothing typed is replaced without the person's word.
 * - A field the server refuses with a message of its own (400, or an e-mail another customer has) keeps the person's
 *   value and shows the message (`refusals`) until they change it; the other fields are sent again at once, so one
 *   refused field never holds the others back.
 * - A new lot size or frequency whose table price is not the agreed one waits for `choosePrice` (or `cancelPrice`,
 *   which puts the saved values back).
 * The indicator shows every error, so no snackbar repeats it; `indicatorStatus` says "Not saved" while a field the
 * person changed is marked.
 */
export function useRecordAutosave(customer: CustomerDetail, form: string) {
  const queryClient = useQueryClient();
  const { mutateAsync } = usePatchCustomerMutation(customer.id, { meta: FORM_SHOWS_ERRORS });
  const key = customerKeys.detail(customer.id);
  const shown = useRef(customer);
  useEffect(() => {
    shown.current = customer;
  }, [customer]);
  // What the record screen keeps for this form; the state below mirrors what the form renders of it.
  const kept = useKept(`${customer.id}:${form}:autosave`, newSession);
  const session = useRef(kept);
  const [conflicts, setConflicts] = useState(kept.conflicts);
  const [priceChoice, setPriceChoice] = useState(kept.priceChoice);
  const [refusals, setRefusals] = useState(kept.refusals);
  // Moves on whenever a field stops being edited, so forms take the server's value for it.
  const [revision, setRevision] = useState(0);
  const bump = useCallback(() => setRevision((current) => current + 1), []);

  const changeConflicts = useCallback((next: RecordConflicts) => {
    session.current.conflicts = next;
    setConflicts(next);
  }, []);

  const changeRefusals = useCallback((next: RecordRefusals) => {
    session.current.refusals = next;
    setRefusals(next);
  }, []);

  /** The field has not been changed again since `touches`: the person is done with it. */
  const finish = useCallback((field: RecordField, touches: number) => {
    if (session.current.edits.get(field)?.touches === touches) session.current.edits.delete(field);
  }, []);

  /**
   * A save that needs the price question waits for the person's answer. While they are still typing in one of its
   * fields (a turf size key by key), the question waits for the value they end on: the fields they did not touch
   * since go with the next save, which carries the newer value.
   */
  const askPrice = useCallback(
    (sent: ReadonlyMap<RecordField, { value: unknown; touches: number }>, choice: PriceChoice) => {
      const untouched = [...sent].filter(
        ([field, { touches }]) => session.current.edits.get(field)?.touches === touches,
      );
      if (untouched.length < sent.size) {
        for (const [field, { value }] of untouched) session.current.carried.set(field, value);
        return;
      }
      for (const [field, { value }] of sent) {
        session.current.priceFields.add(field);
        session.current.waiting.set(field, value);
      }
      session.current.priceChoice = choice;
      setPriceChoice(choice);
    },
    [],
  );

  const save = useCallback(
    async (fields: RecordFieldsPatch): Promise<void> => {
      const sent = new Map<RecordField, { value: unknown; base: RecordValue; touches: number }>();
      const all = new Map([...session.current.carried, ...entriesOf(fields)]);
      session.current.carried.clear();
      for (const [field, value] of all) {
        const known = session.current.edits.get(field);
        // Taken back meanwhile (their value taken, a price question cancelled): nothing of it to save.
        if (!known) continue;
        if (session.current.conflicts[field] || session.current.priceFields.has(field)) {
          session.current.waiting.set(field, value);
          continue;
        }
        if (isSameRecordValue(value, known.base)) finish(field, known.touches);
        else sent.set(field, { value, base: known.base, touches: known.touches });
      }
      while (sent.size > 0) {
        const body = Object.fromEntries([...sent].map(([field, { value }]) => [field, value]));
        const base = Object.fromEntries([...sent].map(([field, edit]) => [field, edit.base]));
        const answer = session.current.keepPrice;
        try {
          const saved = await mutateAsync({ ...body, base, ...(answer === undefined ? {} : { keepPrice: answer }) });
          await afterQueryNotifications();
          if (session.current.keepPrice === answer) session.current.keepPrice = undefined;
          for (const [field, { touches }] of sent) {
            const known = session.current.edits.get(field);
            // Changed again while this save was on its way: the next save starts from the value this one stored.
            if (known && known.touches !== touches) known.base = saved[field];
            else finish(field, touches);
          }
          break;
        } catch (error) {
          const refusal = refusalOf(error);
          if (!refusal) {
            const refused = fieldRefusalsOf(error, sent);
            if (Object.keys(refused).length === 0) throw error;
            for (const field of Object.keys(refused) as RecordField[]) sent.delete(field);
            changeRefusals({ ...session.current.refusals, ...refused });
            // The fields the server did not refuse go again at once.
            continue;
          }
          void queryClient.invalidateQueries({ queryKey: key });
          if (refusal.priceChoice) {
            askPrice(sent, refusal.priceChoice);
            break;
          }
          const collided = refusal.conflicts ?? {};
          if (![...sent.keys()].some((field) => field in collided)) throw error;
          for (const [field, { value }] of sent) {
            if (!(field in collided)) continue;
            session.current.waiting.set(field, value);
            sent.delete(field);
          }
          changeConflicts({ ...session.current.conflicts, ...collided });
          // The fields nobody else changed go again at once.
        }
      }
      bump();
    },
    [mutateAsync, queryClient, key, finish, askPrice, changeConflicts, changeRefusals, bump],
  );
  const autosave = useAutosave<RecordFieldsPatch>({ save });
  const { queue: queueSave, flush, drop } = autosave;

  /**
   * The person started (or went on) changing these fields: each keeps the value the form showed as its base, and a
   * message the server gave it goes, since it was about the value before.
   */
  const edit = useCallback(
    (fields: readonly RecordField[]) => {
      for (const field of fields) {
        const known = session.current.edits.get(field);
        if (known) known.touches += 1;
        else session.current.edits.set(field, { base: shown.current[field], touches: 1 });
      }
      if (fields.some((field) => session.current.refusals[field] !== undefined)) {
        changeRefusals(
          Object.fromEntries(
            Object.entries(session.current.refusals).filter(([field]) => !fields.includes(field as RecordField)),
          ) as RecordRefusals,
        );
      }
    },
    [changeRefusals],
  );

  /**
   * The person changed these fields to values that break a rule: they are kept as typed and not saved, and a value of
   * theirs still waiting to be saved goes too, since the field no longer shows it.
   */
  const hold = useCallback(
    (fields: readonly RecordField[]) => {
      edit(fields);
      drop(fields);
    },
    [edit, drop],
  );

  /** Takes fields that are saved only together out of what waits to be saved, while the whole cannot be. */
  const unqueue = useCallback((fields: readonly RecordField[]) => drop(fields), [drop]);

  const queue = useCallback(
    (patch: RecordFieldsPatch) => {
      edit(entriesOf(patch).map(([field]) => field));
      queueSave(patch);
    },
    [edit, queueSave],
  );

  /** Whether the person is changing the field: typed and not yet stored, or waiting for their choice. */
  const isEditing = useCallback((field: RecordField) => session.current.edits.has(field), []);

  /** Takes one field out of what waits for a choice; its latest value, if it had one. */
  const release = useCallback((field: RecordField): unknown => {
    const value = session.current.waiting.get(field);
    session.current.waiting.delete(field);
    return value;
  }, []);

  const closeConflict = useCallback(
    (field: RecordField) => {
      const { [field]: _closed, ...rest } = session.current.conflicts;
      changeConflicts(rest);
    },
    [changeConflicts],
  );

  /** Saves the person's value over the one someone else stored: it now starts from the stored value. */
  const keepMine = useCallback(
    (field: RecordField) => {
      const conflict = session.current.conflicts[field];
      const known = session.current.edits.get(field);
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
      session.current.edits.delete(field);
      release(field);
      closeConflict(field);
      bump();
    },
    [release, closeConflict, bump],
  );

  /** Sends the save that waited for the price question again, with the person's answer. */
  const choosePrice = useCallback(
    (keep: boolean) => {
      session.current.keepPrice = keep;
      const patch = Object.fromEntries([...session.current.priceFields].map((field) => [field, release(field)]));
      session.current.priceFields.clear();
      session.current.priceChoice = null;
      setPriceChoice(null);
      queueSave(patch);
      void flush();
    },
    [release, queueSave, flush],
  );

  /** Gives up the change that raised the price question: the form shows the saved values again. */
  const cancelPrice = useCallback(() => {
    for (const field of session.current.priceFields) {
      session.current.edits.delete(field);
      release(field);
    }
    session.current.priceFields.clear();
    session.current.priceChoice = null;
    setPriceChoice(null);
    bump();
  }, [release, bump]);

  const hasConflicts = Object.keys(conflicts).length > 0;
  const status: AutosaveIndicatorStatus = hasConflicts ? 'conflict' : priceChoice ? 'choice' : autosave.status;
  /**
   * The indicator's status with the form's own messages: "Not saved" while any field the person changed shows one (a
   * broken rule, or the server's refusal), whatever else was saved meanwhile.
   */
  const indicatorStatus = (messages: Readonly<Record<string, string | undefined>>): AutosaveIndicatorStatus =>
    hasMessage(messages) || hasMessage(refusals) ? 'invalid' : status;
  return {
    status,
    indicatorStatus,
    error: autosave.error,
    queue,
    edit,
    hold,
    unqueue,
    flush,
    isEditing,
    revision,
    conflicts,
    refusals,
    keepMine,
    takeTheirs,
    priceChoice,
    choosePrice,
    cancelPrice,
  };
}
