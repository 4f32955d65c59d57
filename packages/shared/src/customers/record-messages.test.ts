import { describe, expect, it } from 'vitest';
import { NOTE_MESSAGES } from '../notes/note.constants';
import { CUSTOMER_MESSAGES } from './customer.schema';
import { DELETION_REQUEST_MESSAGES } from './deletion-request.schema';
import { LOCATION_MESSAGES } from './location.schema';
import { ORDER_MESSAGES } from './order-approval.schema';

/** The web shows an answer's message as written only up to 100 characters; a longer one reads as a server failure. */
const SHOWN_AS_WRITTEN = 100;

describe('messages of the customer record', () => {
  it.each(
    Object.entries({
      ...NOTE_MESSAGES,
      ...ORDER_MESSAGES,
      ...LOCATION_MESSAGES,
      ...DELETION_REQUEST_MESSAGES,
      stale: CUSTOMER_MESSAGES.stale,
    }),
  )('%s fits the message display', (_name, message) => {
    expect(message.length).toBeLessThanOrEqual(SHOWN_AS_WRITTEN);
  });
});
