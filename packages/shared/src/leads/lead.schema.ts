import { z } from 'zod';
import { PHONE_PATTERN, ZIP_PATTERN } from '../customers/customer.schema';
import { boundedText, emailAddress, requiredText } from '../validation';

/** A lead's name: one field, as a visitor writes it ('Jamie Rivera'). */
export const LEAD_NAME_MAX = 100;

/**
 * The words of a lead: a visitor whose zip code the business does not serve leaves a name, a phone and an e-mail
 * address, and the office calls them back once it mows there.
 */
export const LEAD_MESSAGES = {
  formTitle: 'Let us know you are interested',
  formIntro: 'Leave your name, phone and e-mail address: we will contact you as soon as we mow in your area.',
  nameRequired: 'Name is required',
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Enter a 10-digit phone number',
  emailRequired: 'E-mail is required',
  emailInvalid: 'Invalid email',
  zipRequired: 'Zip code is required',
  /** The office's notification of a new lead, followed by the lead's name and zip code. */
  notificationName: 'New lead waiting',
  zipInvalid: 'Zip code is not valid (e.g. 70000)',
  /** The zip is served after all (a zone added meanwhile): the visitor should get a quote instead. */
  zipServed: 'We serve this zip code: get your quote instead.',
  created: 'Thank you! We will contact you as soon as we mow in your area.',
  listTitle: 'Leads',
  listSubtitle: 'Visitors whose zip code we do not serve yet, newest first',
  empty: 'No leads yet: visitors whose zip code we do not serve leave their details here.',
} as const;

/**
 * POST /api/web/leads: who to call back and where they live. The phone is 10 US digits (with or without the
 * `+1 (###) ###-####` mask); the address is what the visitor typed on the quote, if anything.
 */
export const leadRequestSchema = z.strictObject({
  name: requiredText({ required: LEAD_MESSAGES.nameRequired, max: LEAD_NAME_MAX }),
  phone: requiredText({
    required: LEAD_MESSAGES.phoneRequired,
    max: 20,
    pattern: { regex: PHONE_PATTERN, message: LEAD_MESSAGES.phoneInvalid },
  }),
  email: requiredText({ required: LEAD_MESSAGES.emailRequired, max: 255 }).pipe(
    emailAddress({ invalid: LEAD_MESSAGES.emailInvalid }),
  ),
  serviceAddress: boundedText({ max: 255 }).default(''),
  zipcode: requiredText({
    required: LEAD_MESSAGES.zipRequired,
    max: 5,
    pattern: { regex: ZIP_PATTERN, message: LEAD_MESSAGES.zipInvalid },
  }),
});
export type LeadRequest = z.input<typeof leadRequestSchema>;
export type NewLead = z.output<typeof leadRequestSchema>;

/** The answer to a lead: its id only, nothing the visitor did not send. */
export const leadCreatedResponseSchema = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });

/** One row of the office's Leads list (GET /api/leads): the city and state come from the zip code. */
export const leadRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 10 digits, as stored. */
  phone: z.string(),
  email: z.string(),
  serviceAddress: z.string(),
  zipcode: z.string(),
  city: z.string(),
  state: z.string(),
  /** When the visitor left it (ISO timestamp). */
  createdAt: z.string(),
});
export type LeadRow = z.infer<typeof leadRowSchema>;

/** The Leads list: newest first, 25 a page (25, 50 or 100). */
export const LEADS_PAGE_SIZES = [25, 50, 100] as const;
export const LEADS_DEFAULT_SORT = '-createdAt';
