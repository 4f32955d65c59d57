import type { Readable } from 'node:stream';
import {
  CUSTOMER_MESSAGES,
  mowYearEnd,
  mowYearStart,
  VISIT_MESSAGES,
  type CompletedService,
  type IsoDate,
  type VisitConfirmation,
  type VisitPhoto,
  type VisitToConfirm,
} from '@lawn/shared';
import type { Database, Executor } from '../../db/client';
import type { VisitRecord } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { ListQuery, ListResult } from '../../http/list-query';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import { requireLiveRecord } from '../customers/customers.service';
import { fromStore } from '../notes/attachments.service';
import { isOwnProperty, type CustomerScope } from '../payments/payments.service';
import * as repo from './crew.repo';

/** A visit's photo opened for download. */
export type PhotoDownload = { filename: string; contentType: string; size: number; stream: Readable };

const toPhoto = (photo: repo.PhotoRow): VisitPhoto => ({
  id: photo.id,
  kind: photo.kind,
  filename: photo.filename,
  contentType: photo.contentType,
  size: photo.size,
  createdAt: photo.createdAt.toISOString(),
});

/** Completed services with their photos, in the order given. */
async function withPhotos(db: Database, rows: readonly VisitRecord[]): Promise<CompletedService[]> {
  const photos = await repo.photosOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    workday: row.workday,
    crewNumber: row.crew,
    note: row.checkOutNote,
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
    checkedOutAt: row.checkedOutAt?.toISOString() ?? null,
    photos: photos.filter((photo) => photo.visitId === row.id).map(toPhoto),
  }));
}

export type VisitsServiceDeps = { db: Database; files: FileStorage; logger: Logger };

/**
 * The proof of service: the visits a crew checked out of, with their photos, for the office (a record's completed
 * services) and for the customer (the calendar of their own property, and their web account's services page). Every
 * read takes the property first, so a visit or photo of another property is not found.
 */
export function createVisitsService({ db, files, logger }: VisitsServiceDeps) {
  async function completedServices(propertyId: number, query: ListQuery): Promise<ListResult<CompletedService>> {
    await requireLiveRecord(db, propertyId);
    const result = await repo.listCompleted(db, propertyId, query);
    if (result.render === 'count') return result;
    return { render: 'paginate', total: result.total, rows: await withPhotos(db, result.rows) };
  }

  async function photo(propertyId: number, visitId: number, photoId: number): Promise<PhotoDownload> {
    const found = await repo.findPhoto(db, { propertyId, visitId, photoId });
    if (!found) throw notFound(VISIT_MESSAGES.notFound);
    const file = await fromStore(() => files.read(found.storageKey));
    if (!file) {
      logger.error({ photoId, key: found.storageKey }, 'visit photo missing from the store');
      throw notFound(VISIT_MESSAGES.photoMissing);
    }
    return { filename: found.filename, contentType: found.contentType, size: file.size, stream: file.stream };
  }

  return {
    completedServices,
    photo,

    /** The visits of a mow year the crew checked out of, oldest first. */
    async completedOfYear(propertyId: number, year: number): Promise<CompletedService[]> {
      const rows = await repo.completedBetween(db, propertyId, { from: mowYearStart(year), to: mowYearEnd(year) });
      return withPhotos(db, rows);
    },

    /**
     * The completed services of one of the customer's own properties, for their web account. A property they cannot
     * reach answers the same 404 as a missing one, so a guessed id tells nothing.
     */
    async customerCompletedServices(
      scope: CustomerScope,
      propertyId: number,
      query: ListQuery,
    ): Promise<ListResult<CompletedService>> {
      if (!(await isOwnProperty(db, scope, propertyId))) throw notFound(CUSTOMER_MESSAGES.notFound);
      return completedServices(propertyId, query);
    },

    /** A photo of a visit to one of the customer's own properties; any other visit's answers 404. */
    async customerPhoto(scope: CustomerScope, visitId: number, photoId: number): Promise<PhotoDownload> {
      const visit = await repo.findVisitById(db, visitId);
      if (!visit || !(await isOwnProperty(db, scope, visit.propertyId))) throw notFound(VISIT_MESSAGES.notFound);
      return photo(visit.propertyId, visitId, photoId);
    },
  };
}

export type VisitsService = ReturnType<typeof createVisitsService>;

/** What billing needs of a mow nobody checked out of: a visit row each, so the office can settle it. */
export const addUnconfirmedVisits = repo.addUnconfirmedVisits;

/** The list of visits to confirm: mows before `before` (past their deadline) nobody checked out of, oldest first. */
export async function listVisitsToConfirm(
  db: Executor,
  before: IsoDate,
  query: ListQuery,
): Promise<ListResult<VisitToConfirm>> {
  const result = await repo.listUnconfirmed(db, before, query);
  if (result.render === 'count') return result;
  return {
    render: 'paginate',
    total: result.total,
    rows: result.rows.map((row) => ({
      id: row.id,
      propertyId: row.propertyId,
      accountNumber: row.accountNumber,
      customerName: row.customerName,
      serviceAddress: row.serviceAddress,
      workday: row.workday,
      crewNumber: row.crew,
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Settles a visit on the list once, inside the caller's transaction: 404 for no such visit, 409 when it was settled or
 * checked out meanwhile.
 */
export async function settleVisit(
  tx: Executor,
  visit: { id: number; confirmation: VisitConfirmation; userId: number; at: Date },
): Promise<VisitRecord> {
  const settled = await repo.settleVisit(tx, visit);
  if (settled) return settled;
  if (!(await repo.findVisitById(tx, visit.id))) throw notFound(VISIT_MESSAGES.notFound);
  throw conflict(VISIT_MESSAGES.alreadyConfirmed);
}
