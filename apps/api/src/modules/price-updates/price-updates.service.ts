import {
  checkPriceFileRow,
  PRICE_FILE_COLUMNS,
  PRICE_FILE_EXAMPLE_ROW,
  PRICE_FILE_ROWS_MAX,
  PRICE_PREVIEW_SAMPLE_SIZE,
  PRICE_UPDATE_MESSAGES,
  fromCents,
  isUploadFileName,
  toCents,
  UPLOAD_FILE_MAX_BYTES,
  UPLOAD_MESSAGES,
  uploadTitleSchema,
  type Actor,
  type PropertyPriceChange,
  type PricePreview,
  type PriceUpdate,
  type PriceUpdateItem,
  type PriceUpdateRequest,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { badRequest, conflict, INVALID_DATA_MESSAGE, notFound, type FieldErrors } from '../../http/errors';
import type { UploadedFile } from '../../http/file-upload';
import type { ListQuery, ListResult } from '../../http/list-query';
import { readTableFile, TableFileError, tableTemplate, type TableColumn } from '../../imports/table-file';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import type { SettingsStore } from '../settings/settings.service';
import { movedCost, repriced } from './price-updates.pricing';
import * as repo from './price-updates.repo';

/** The background run of an update or its undo, for the `update-bulk-prices` job. */
export { runPriceUpdate } from './price-updates.runner';

const M = PRICE_UPDATE_MESSAGES;
/** The lines an answer names at most; a file with more bad lines says how many more. */
const PROBLEMS_SHOWN = 100;

const FILE_COLUMNS: TableColumn<'accountNumber' | 'price'>[] = [
  { field: 'accountNumber', header: PRICE_FILE_COLUMNS[0], isRequired: true },
  { field: 'price', header: PRICE_FILE_COLUMNS[1], isRequired: true },
];

type Deps = {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  settings: Pick<SettingsStore, 'current'>;
};

/** The job of a run, once per update and run: a retry of the same request queues nothing new. */
export const priceUpdateJobKey = (id: number, run: 'apply' | 'undo') => `price-update-${id}-${run}`;

function oneAtATime(error: unknown): never {
  if (isUniqueViolation(error, repo.ONE_RUNNING_INDEX)) throw conflict(M.oneAtATime);
  throw error;
}

function refuse(errors: FieldErrors, message: string = INVALID_DATA_MESSAGE): never {
  throw badRequest(message, errors);
}

function changeOf(property: repo.PricedProperty, newCost: number): PropertyPriceChange {
  const after = repriced(property, newCost);
  return {
    propertyId: property.id,
    accountNumber: property.accountNumber,
    serviceAddress: property.serviceAddress,
    customerName: property.customerName,
    oldPrice: property.costService,
    newPrice: after.costService,
    oldTotal: property.totalMowing,
    newTotal: after.totalMowing,
  };
}

/** How many of a property's mows fall in one week, on average, by its frequency (the drought schedule mows weekly most of the season). */
const MOWS_PER_WEEK: Record<number, number> = { 1: 1, 2: 1 / 2, 3: 1 / 3, 4: 1 };

export function createPriceUpdatesService({ db, jobs, settings }: Deps) {
  async function assertScope(request: PriceUpdateRequest): Promise<number | null> {
    const marketId = request.marketId ?? null;
    if (marketId !== null && !(await repo.marketExists(db, marketId))) {
      refuse({ marketId: [M.marketUnknown] }, M.marketUnknown);
    }
    if (request.direction === 'decrease') {
      const below = await repo.accountBelow(db, marketId, request.amount);
      if (below) refuse({ amount: [M.belowZero(below)] }, M.belowZero(below));
    }
    return marketId;
  }

  /**
   * What an increase or a decrease would do, written nowhere: the properties it changes, the change of a week's
   * revenue and a sample. Properties sharing their pricing inputs are priced once with the engine and counted, so the
   * preview reads the scope once however large it is.
   */
  async function preview(request: PriceUpdateRequest): Promise<PricePreview> {
    const marketId = await assertScope(request);
    let properties = 0;
    let weeklyCents = 0;
    for (const group of await repo.priceGroups(db, marketId)) {
      const after = repriced(group, movedCost(group.costService, request.direction, request.amount));
      const change = toCents(after.totalMowing) - toCents(group.totalMowing);
      if (change === 0 && toCents(after.costService) === toCents(group.costService)) continue;
      properties += group.properties;
      weeklyCents += change * group.properties * (MOWS_PER_WEEK[group.srvFrequency] ?? 1);
    }
    const sample = await repo.firstInScope(db, marketId, PRICE_PREVIEW_SAMPLE_SIZE);
    return {
      properties,
      weeklyRevenueChange: fromCents(Math.round(weeklyCents)),
      sample: sample.map((property) =>
        changeOf(property, movedCost(property.costService, request.direction, request.amount)),
      ),
    };
  }

  async function listed(id: number): Promise<PriceUpdate> {
    const update = await repo.findListedUpdate(db, id);
    if (!update) throw notFound(M.notFound);
    return update;
  }

  async function enqueue(id: number, run: 'apply' | 'undo'): Promise<void> {
    await jobs.enqueue('update-bulk-prices', { priceUpdateId: id }, { singletonKey: priceUpdateJobKey(id, run) });
  }

  return {
    preview,

    /** Starts an increase or a decrease of every active price of the scope: 409 while another update runs. */
    async start(request: PriceUpdateRequest, actor: Actor): Promise<PriceUpdate> {
      const marketId = await assertScope(request);
      const { properties } = await preview(request);
      if (properties === 0) refuse({ amount: [M.nothingToChange] }, M.nothingToChange);
      const { priceChangeEmails } = await settings.current();
      const created = await db
        .transaction(async (tx) =>
          repo.insertUpdate(tx, {
            type: request.direction,
            amount: request.amount,
            marketId,
            lastPropertyId: await repo.highestPropertyId(tx),
            total: properties,
            sendsNotices: priceChangeEmails,
            requestedBy: actor.id,
          }),
        )
        .catch(oneAtATime);
      await enqueue(created.id, 'apply');
      return listed(created.id);
    },

    /**
     * Starts a file's prices: every row is checked (an active account, once, a positive price) and a file with any bad
     * row starts nothing, naming each bad line. 409 while another update runs.
     */
    async startFile(titleInput: unknown, file: UploadedFile | undefined, actor: Actor): Promise<PriceUpdate> {
      const errors: FieldErrors = {};
      const title = uploadTitleSchema.safeParse(titleInput ?? '');
      if (!title.success) errors.title = [title.error.issues[0]?.message ?? UPLOAD_MESSAGES.titleRequired];
      if (!file) errors.file = [UPLOAD_MESSAGES.fileRequired];
      else if (!isUploadFileName(file.fileName)) errors.file = [UPLOAD_MESSAGES.fileType];
      else if (file.bytes.length > UPLOAD_FILE_MAX_BYTES) errors.file = [UPLOAD_MESSAGES.fileTooLarge];
      if (!title.success || !file || errors.file) refuse(errors);

      let lines;
      try {
        lines = await readTableFile(file.fileName, file.bytes, FILE_COLUMNS);
      } catch (error) {
        if (!(error instanceof TableFileError)) throw error;
        const message = error.reason === 'unreadable' ? UPLOAD_MESSAGES.unreadable : M.fileColumns;
        refuse({ file: [message] }, message);
      }
      if (lines.length === 0) refuse({ file: [M.fileNoRows] }, M.fileNoRows);
      if (lines.length > PRICE_FILE_ROWS_MAX) refuse({ file: [M.fileTooManyRows] }, M.fileTooManyRows);

      const problems: { line: number; message: string }[] = [];
      const rows: { line: number; accountNumber: string; price: number }[] = [];
      for (const { line, cells } of lines) {
        const checked = checkPriceFileRow(cells, line);
        if (checked.problems) problems.push(...checked.problems.map((message) => ({ line, message })));
        else rows.push({ line, ...checked.row });
      }
      const ids = await repo.activeByAccount(db, [...new Set(rows.map((row) => row.accountNumber))]);
      const seen = new Set<string>();
      const requests: { propertyId: number; price: number }[] = [];
      for (const row of rows) {
        const propertyId = ids.get(row.accountNumber);
        if (propertyId === undefined) {
          problems.push({ line: row.line, message: M.unknownAccount(row.line, row.accountNumber) });
        } else if (seen.has(row.accountNumber)) {
          problems.push({ line: row.line, message: M.repeatedAccount(row.line, row.accountNumber) });
        } else {
          requests.push({ propertyId, price: row.price });
        }
        seen.add(row.accountNumber);
      }
      if (problems.length > 0) {
        const messages = problems.sort((a, b) => a.line - b.line).map((problem) => problem.message);
        const shown =
          messages.length <= PROBLEMS_SHOWN
            ? messages
            : [...messages.slice(0, PROBLEMS_SHOWN), `and ${messages.length - PROBLEMS_SHOWN} more lines`];
        refuse({ file: shown }, M.fileInvalid);
      }

      const { priceChangeEmails } = await settings.current();
      const created = await db
        .transaction(async (tx) => {
          const update = await repo.insertUpdate(tx, {
            type: 'file',
            title: title.data,
            fileName: file.fileName.slice(0, 255),
            lastPropertyId: await repo.highestPropertyId(tx),
            total: requests.length,
            sendsNotices: priceChangeEmails,
            requestedBy: actor.id,
          });
          await repo.insertRequests(tx, update.id, requests);
          return update;
        })
        .catch(oneAtATime);
      await enqueue(created.id, 'apply');
      return listed(created.id);
    },

    /**
     * Undoes a finished (or failed) update: a background run gives each property its old prices back unless its price
     * changed since. 409 while another update runs; 409 when this one is running, or was undone.
     */
    async undo(id: number, actor: Actor): Promise<PriceUpdate> {
      await db
        .transaction(async (tx) => {
          const update = await repo.lockUpdate(tx, id);
          if (!update) throw notFound(M.notFound);
          const isUndoable = update.status !== 'in_progress' && (update.run === 'apply' || update.status === 'failed');
          if (!isUndoable) throw conflict(M.notUndoable);
          // An undo starts at the first property; a failed undo asked again goes on after its last batch.
          const cursor = update.run === 'apply' ? 0 : update.cursor;
          await repo.setUpdate(tx, id, {
            status: 'in_progress',
            run: 'undo',
            cursor,
            undoneBy: actor.id,
            failureReason: null,
          });
          await repo.cancelNotices(tx, id);
        })
        .catch(oneAtATime);
      await enqueue(id, 'undo');
      return listed(id);
    },

    /** The updates, or (the job-count call) how many of them match, e.g. how many are running. */
    list: (query: ListQuery): Promise<ListResult<PriceUpdate>> => repo.listUpdates(db, query),

    get: listed,

    /** Every property the update changed, with its old and new prices and what an undo did with it. */
    async items(id: number, query: ListQuery): Promise<ListResult<PriceUpdateItem>> {
      await listed(id);
      return repo.listItems(db, id, query);
    },

    template: () => tableTemplate('Prices', PRICE_FILE_COLUMNS, PRICE_FILE_EXAMPLE_ROW),
  };
}

export type PriceUpdatesService = ReturnType<typeof createPriceUpdatesService>;

/**
 * At start-up: queues again every update still running (its process may have stopped half-way) and every finished
 * one whose customers are still to be told their price. Each run goes on after its last committed batch.
 */
export async function resumePriceUpdates(deps: {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  log: Pick<Logger, 'info'>;
}): Promise<void> {
  const running = await repo.runningUpdates(deps.db);
  const notices = await repo.updatesWithPendingNotices(deps.db);
  const ids = new Set([...running.map((update) => update.id), ...notices]);
  for (const id of ids) {
    await deps.jobs.enqueue('update-bulk-prices', { priceUpdateId: id });
  }
  if (ids.size > 0) deps.log.info({ priceUpdates: [...ids] }, 'price updates resumed');
}
