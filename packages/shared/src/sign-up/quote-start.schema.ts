import { z } from 'zod';
import { ZIP_PATTERN } from '../customers/customer.schema';
import { requiredText } from '../validation';

/** The words of the quote's start, where a visitor who came without a quote link types the address to mow. */
export const QUOTE_START_MESSAGES = {
  title: 'Get your instant quote',
  intro: 'Enter the address to mow and its zip code: your price is one step away.',
  addressRequired: 'Enter the street address to mow',
  zipRequired: 'Zip code is required',
  zipInvalid: 'Enter the 5-digit zip code',
  submit: 'Get my quote',
  changeAddress: 'Change address',
} as const;

/**
 * The quote's start (/web/quote without a link's address): a street address, as typed or chosen from the suggestions,
 * and its zip code. The quote then checks whether the business serves the zip. Kept apart from the sign-up's form
 * schemas: the quote page must not download their holiday tables.
 */
export const quoteStartSchema = z.object({
  serviceAddress: requiredText({ required: QUOTE_START_MESSAGES.addressRequired, max: 255 }),
  zipcode: requiredText({
    required: QUOTE_START_MESSAGES.zipRequired,
    max: 5,
    pattern: { regex: ZIP_PATTERN, message: QUOTE_START_MESSAGES.zipInvalid },
  }),
});
export type QuoteStart = z.infer<typeof quoteStartSchema>;
