import { Readable } from 'node:stream';
import { calendarDateIn, CALENDAR_MESSAGES, type Actor, type CustomerDetail } from '@lawn/shared';
import type { Database } from '../../db/client';
import { badRequest, serviceUnavailable } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { Logger } from '../../logger';
import { createFileStorage, type StorageConfig } from '../../storage/configured-storage';
import { FILE_STORE_UNAVAILABLE_MESSAGE, isStorageUnavailable, type FileStorage } from '../../storage/file-storage';
import type { CalendarService } from '../calendar/calendar.service';
import { recordPropertyChange, type CustomersService } from '../customers/customers.service';
import { renderSchedulePdf } from './schedule-pdf';

export type ScheduleDocumentsDeps = {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  config: StorageConfig;
  logger: Logger;
  clock: () => Date;
  customers: Pick<CustomersService, 'get'>;
  calendar: Pick<CalendarService, 'calendar'>;
  storage?: FileStorage;
};

export type ScheduleDocument = { year: number; filename: string; pdf: Buffer };

/** Account numbers are the customer's own reference, so they name the file; anything unsafe in a name goes. */
function scheduleFilename(accountNumber: string, year: number): string {
  return `schedule-${accountNumber.replace(/[^A-Za-z0-9_-]/g, '-')}-${year}.pdf`;
}

export function createScheduleDocumentsService(deps: ScheduleDocumentsDeps) {
  const { db, jobs, logger, clock } = deps;
  const files = deps.storage ?? createFileStorage({ config: deps.config, db });

  /** The PDF of one property's year; the calendar decides the default year and refuses years it does not offer. */
  async function render(detail: CustomerDetail, year: number | undefined): Promise<ScheduleDocument> {
    const calendar = await deps.calendar.calendar(detail.id, { year, filter: 'all' });
    const pdf = await renderSchedulePdf({
      customer: {
        fullName: detail.fullName,
        serviceAddress: detail.serviceAddress,
        city: detail.city,
        state: detail.state,
        zipcode: detail.zipcode,
        accountNumber: detail.customerId,
        mowDay: detail.weekDayName,
        frequency: detail.frecuencyName,
        pricePerService: detail.totalMowing,
        taxPerService: detail.calculatedTax,
      },
      calendar,
      generatedOn: calendarDateIn(clock()),
    });
    return { year: calendar.year, filename: scheduleFilename(detail.customerId, calendar.year), pdf };
  }

  return {
    async download(propertyId: number, year: number | undefined): Promise<ScheduleDocument> {
      return render(await deps.customers.get(propertyId), year);
    },

    /**
     * E-mails the PDF to the customer through the e-mail job. The job attaches stored files, so the PDF is stored first
     * (one file per property and year, replaced by the next send). The history entry and the queued e-mail are
     * committed together: when the job cannot be queued, no history claims the schedule was sent.
     */
    async send(propertyId: number, year: number | undefined, actor: Actor): Promise<{ year: number; email: string }> {
      const detail = await deps.customers.get(propertyId);
      const email = detail.email?.trim();
      if (!email) throw badRequest(CALENDAR_MESSAGES.noEmail, { email: [CALENDAR_MESSAGES.noEmail] });
      const document = await render(detail, year);
      const storageKey = `schedules/${propertyId}/${document.filename}`;
      try {
        await files.put(storageKey, Readable.from([document.pdf]));
      } catch (error) {
        // Nothing was sent or recorded: the same request may work once the store is back.
        if (isStorageUnavailable(error)) throw serviceUnavailable(FILE_STORE_UNAVAILABLE_MESSAGE);
        throw error;
      }
      await db.transaction(async (tx) => {
        await recordPropertyChange(tx, {
          propertyId,
          actor,
          action: 'send-schedule',
          description: `Schedule ${document.year} sent to ${email}`,
          changes: null,
          isEdit: false,
        });
        await jobs.enqueue('send-email', {
          to: email,
          subject: `Your mowing schedule for ${document.year}`,
          text:
            `Hello ${detail.firstName},\n\nAttached is your mowing schedule for ${document.year} ` +
            `(account ${detail.customerId}, ${detail.serviceAddress}).\n`,
          attachments: [{ storageKey, filename: document.filename }],
        });
      });
      logger.info({ propertyId, year: document.year, userId: actor.id }, 'schedule e-mail queued');
      return { year: document.year, email };
    },
  };
}

export type ScheduleDocumentsService = ReturnType<typeof createScheduleDocumentsService>;
