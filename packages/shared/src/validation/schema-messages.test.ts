import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AUTH_MESSAGES,
  loginSchema,
  recoverPasswordSchema,
  refreshSchema,
  resetPasswordSchema,
} from '../auth/auth.schema';
import {
  CUSTOMER_MESSAGES,
  customerPatchSchema,
  verifyAccountQuerySchema,
  verifyEmailQuerySchema,
} from '../customers/customer.schema';
import { LOCATION_MESSAGES, locationCreateSchema, locationPatchSchema } from '../customers/location.schema';
import { RECORD_SAVE_MESSAGES } from '../customers/record-save';
import { PROPERTY_MESSAGES } from '../customers/property.schema';
import { approveOrderSchema, rejectOrderSchema } from '../customers/order-approval.schema';
import {
  EXTERNAL_MESSAGES,
  externalAccessSchema,
  externalAccountLoginSchema,
  externalCalendarQuerySchema,
  externalPhoneSearchSchema,
} from '../external/external.schema';
import { BUSH_BED_MESSAGES, bushBedCreateSchema, bushBedPatchSchema } from '../bush-bed/bush-bed.schema';
import { VERSION_MESSAGES } from '../http/version';
import { fifthMowApplySchema } from '../notes/fifth-mow.schema';
import { TODO_MESSAGES, todoPatchSchema } from '../schedule/todo.schema';
import { NOTE_MESSAGES } from '../notes/note.constants';
import { noteBulkDeleteSchema, noteCreateSchema, notePatchSchema } from '../notes/note.schema';
import { markNotificationsReadSchema } from '../notifications/notification.schema';
import {
  geocodeQuerySchema,
  PLACE_MESSAGES,
  propertyDataQuerySchema,
  suggestionsQuerySchema,
  zipcodeParamsSchema,
} from '../places/place.schema';
import { IDENTITY_CHECK_MESSAGES } from '../external/identity-check.schema';
import {
  cardFormSchema,
  customerPaymentMethodChangeSchema,
  eCheckFormSchema,
  PAYMENT_MESSAGES,
  paymentMethodChangeSchema,
} from '../payments/payment.schema';
import { AUTHORIZATION_MESSAGES } from '../payments/charge-authorization';
import { customerExportSchema, REPORT_MESSAGES, sendReportSchema } from '../reports/report.schema';
import {
  CALENDAR_MESSAGES,
  calendarQuerySchema,
  scheduleChangeSchema,
  serviceNotePatchSchema,
} from '../schedule/calendar.schema';
import { dateInfoQuerySchema, SCHEDULE_MESSAGES, weeksQuerySchema } from '../schedule/schedule.schema';
import { seasonWeekUpdatesSchema } from '../schedule/season.schema';
import {
  SERVICE_ZONE_MESSAGES,
  serviceZoneInputSchema,
  serviceZonePatchSchema,
} from '../service-zones/service-zone.schema';
import { PRICING_MESSAGES } from '../pricing/pricing.schema';
import { VALIDATION_MESSAGES } from '.';

/**
 * Every input schema, rule by rule: a valid input with one field changed must answer exactly that rule's message
 * (missing, empty, too short, too long, wrong format, out of range, NUL), and nothing else.
 */

const { maxCharacters, noNul, wholeNumber, number, choose, maxItems, required } = VALIDATION_MESSAGES;
const ID_MESSAGE = wholeNumber(1, 2_147_483_647);
const long = (length: number) => 'x'.repeat(length);
/** A stand-in for a 2048-bit RSA-OAEP ciphertext in base64: 344 characters. */
const CIPHERTEXT = `${'Q'.repeat(342)}==`;
const longEmail = (length: number) => `${'a'.repeat(length - 6)}@b.com`;

type Row = [rule: string, change: Record<string, unknown>, expected: Record<string, string[]>];
type Table = { schema: z.ZodType; valid: Record<string, unknown>; rows: Row[] };

const tables: Record<string, Table> = {
  loginSchema: {
    schema: loginSchema,
    valid: { email: 'ana@lawn.test', password: 'demo-password' },
    rows: [
      ['email missing', { email: undefined }, { email: [AUTH_MESSAGES.emailRequired] }],
      ['email empty', { email: '' }, { email: [AUTH_MESSAGES.emailRequired] }],
      ['email blank', { email: '   ' }, { email: [AUTH_MESSAGES.emailRequired] }],
      ['email not text', { email: 42 }, { email: [AUTH_MESSAGES.emailRequired] }],
      ['email malformed', { email: 'not-an-email' }, { email: [AUTH_MESSAGES.emailInvalid] }],
      ['email too long', { email: longEmail(256) }, { email: [maxCharacters(255)] }],
      ['email with NUL', { email: 'ana\u0000@lawn.test' }, { email: [noNul] }],
      ['password missing', { password: undefined }, { password: [AUTH_MESSAGES.passwordRequired] }],
      ['password empty', { password: '' }, { password: [AUTH_MESSAGES.passwordRequired] }],
      ['password too short', { password: 'short' }, { password: [AUTH_MESSAGES.passwordMin] }],
      ['password too long', { password: long(201) }, { password: [maxCharacters(200)] }],
      ['unknown field', { isAdmin: true }, { '': ['Unrecognized key: "isAdmin"'] }],
    ],
  },
  recoverPasswordSchema: {
    schema: recoverPasswordSchema,
    valid: { email: 'ana@lawn.test' },
    rows: [
      ['email missing', { email: undefined }, { email: [AUTH_MESSAGES.emailRequired] }],
      ['email malformed', { email: 'ana' }, { email: [AUTH_MESSAGES.emailInvalid] }],
      ['email too long', { email: longEmail(300) }, { email: [maxCharacters(255)] }],
    ],
  },
  resetPasswordSchema: {
    schema: resetPasswordSchema,
    valid: { password: 'new-password', password_confirmation: 'new-password', password_token: 'abc' },
    rows: [
      [
        'password too long',
        { password: long(201), password_confirmation: long(201) },
        {
          password: [maxCharacters(200)],
          password_confirmation: [maxCharacters(200)],
        },
      ],
      [
        'confirmation missing',
        { password_confirmation: undefined },
        { password_confirmation: [AUTH_MESSAGES.passwordConfirmationRequired] },
      ],
      [
        'confirmation too short',
        { password_confirmation: 'short' },
        { password_confirmation: [AUTH_MESSAGES.passwordMin] },
      ],
      [
        'confirmation different',
        { password_confirmation: 'other-password' },
        { password_confirmation: [AUTH_MESSAGES.passwordsMustMatch] },
      ],
      ['token empty', { password_token: '' }, { password_token: [AUTH_MESSAGES.resetTokenInvalid] }],
      ['token too long', { password_token: long(201) }, { password_token: [AUTH_MESSAGES.resetTokenInvalid] }],
    ],
  },
  refreshSchema: {
    schema: refreshSchema,
    valid: { refreshToken: 'abc' },
    rows: [
      ['token missing', { refreshToken: undefined }, { refreshToken: [required] }],
      ['token too long', { refreshToken: long(201) }, { refreshToken: [maxCharacters(200)] }],
      ['token with NUL', { refreshToken: '\u0000' }, { refreshToken: [noNul] }],
    ],
  },
  // Every field of the patch is optional, so "missing" is sent as null (or a wrong type).
  customerPatchSchema: {
    schema: customerPatchSchema,
    valid: { isCellphone: true },
    rows: [
      ['nothing to change', { isCellphone: undefined }, { '': ['Send at least one field to change'] }],
      ['first name null', { firstName: null }, { firstName: [CUSTOMER_MESSAGES.firstNameRequired] }],
      ['first name empty', { firstName: '' }, { firstName: [CUSTOMER_MESSAGES.firstNameRequired] }],
      ['first name blank', { firstName: '  ' }, { firstName: [CUSTOMER_MESSAGES.firstNameRequired] }],
      ['first name too long', { firstName: long(51) }, { firstName: [CUSTOMER_MESSAGES.nameMax] }],
      ['first name with NUL', { firstName: 'Ann\u0000' }, { firstName: [noNul] }],
      ['last name empty', { lastName: '' }, { lastName: [CUSTOMER_MESSAGES.lastNameRequired] }],
      ['last name too long', { lastName: long(51) }, { lastName: [CUSTOMER_MESSAGES.nameMax] }],
      ['email malformed', { email: 'not-an-email' }, { email: [CUSTOMER_MESSAGES.emailInvalid] }],
      ['email too long', { email: longEmail(256) }, { email: [maxCharacters(255)] }],
      ['email not text', { email: 7 }, { email: [CUSTOMER_MESSAGES.emailInvalid] }],
      ['contact number empty', { contactNumber: '' }, { contactNumber: [CUSTOMER_MESSAGES.contactNumberRequired] }],
      ['contact number short', { contactNumber: '123' }, { contactNumber: [CUSTOMER_MESSAGES.phoneInvalid] }],
      ['contact number long', { contactNumber: '81755501991234' }, { contactNumber: [CUSTOMER_MESSAGES.phoneInvalid] }],
      ['zip missing', { zipcode: null }, { zipcode: [CUSTOMER_MESSAGES.zipRequired] }],
      ['zip empty', { zipcode: '' }, { zipcode: [CUSTOMER_MESSAGES.zipRequired] }],
      ['zip too short', { zipcode: '1234' }, { zipcode: [CUSTOMER_MESSAGES.zipInvalid] }],
      ['zip too long', { zipcode: '123456' }, { zipcode: [CUSTOMER_MESSAGES.zipInvalid] }],
      ['zip letters', { zipcode: 'abcde' }, { zipcode: [CUSTOMER_MESSAGES.zipInvalid] }],
      ['city empty', { city: '' }, { city: [CUSTOMER_MESSAGES.cityRequired] }],
      ['city too long', { city: long(101) }, { city: [maxCharacters(100)] }],
      ['state empty', { state: '' }, { state: [CUSTOMER_MESSAGES.stateRequired] }],
      ['state too long', { state: 'TXX' }, { state: [maxCharacters(2)] }],
      ['address empty', { serviceAddress: '' }, { serviceAddress: [CUSTOMER_MESSAGES.serviceAddressRequired] }],
      ['address too long', { serviceAddress: long(256) }, { serviceAddress: [maxCharacters(255)] }],
      ['market null', { market: null }, { market: [CUSTOMER_MESSAGES.marketRequired] }],
      ['market 0', { market: 0 }, { market: [CUSTOMER_MESSAGES.marketRequired] }],
      ['market fraction', { market: 1.5 }, { market: [CUSTOMER_MESSAGES.marketRequired] }],
      ['market out of range', { market: 99_999_999_999 }, { market: [CUSTOMER_MESSAGES.marketRequired] }],
      ['crew 0', { crew: 0 }, { crew: [wholeNumber(1, 99_999)] }],
      ['crew out of range', { crew: 99_999_999_999 }, { crew: [wholeNumber(1, 99_999)] }],
      ['lat out of range', { lat: 91 }, { lat: [number(-90, 90)] }],
      ['lng out of range', { lng: -181 }, { lng: [number(-180, 180)] }],
      ['lat negative', { lat: -0.5 }, { lat: [PROPERTY_MESSAGES.latPositive] }],
      ['lat not a number', { lat: '32.7' }, { lat: [number(-90, 90)] }],
      ['lng positive', { lng: 96.8 }, { lng: [PROPERTY_MESSAGES.lngNegative] }],
      ['lng zero', { lng: 0 }, { lng: [PROPERTY_MESSAGES.lngNegative] }],
      ['lot size null', { lotSize: null }, { lotSize: [PROPERTY_MESSAGES.size] }],
      ['lot size empty', { lotSize: ' ' }, { lotSize: [PROPERTY_MESSAGES.size] }],
      ['lot size too long', { lotSize: long(51) }, { lotSize: [maxCharacters(50)] }],
      ['lot size with NUL', { lotSize: 'Small\u0000' }, { lotSize: [noNul] }],
      ['turf size 0', { turfSize: 0 }, { turfSize: [PROPERTY_MESSAGES.size] }],
      ['turf size above 16000', { turfSize: 16_001 }, { turfSize: [PROPERTY_MESSAGES.size] }],
      ['turf size fraction', { turfSize: 2500.5 }, { turfSize: [PROPERTY_MESSAGES.size] }],
      ['turf size text', { turfSize: '2500' }, { turfSize: [PROPERTY_MESSAGES.size] }],
      ['lot review too long', { lotReview: 'ABCDEF' }, { lotReview: [maxCharacters(5)] }],
      ['lot review with NUL', { lotReview: 'A\u0000' }, { lotReview: [noNul] }],
      ['community code too long', { communityCode: long(51) }, { communityCode: [maxCharacters(50)] }],
      ['gate code too long', { gateCode: long(51) }, { gateCode: [maxCharacters(50)] }],
      ['gate code not text', { gateCode: 1234 }, { gateCode: [required] }],
      ['weekday unknown', { weekDay: 9 }, { weekDay: [choose] }],
      ['weekday not a number', { weekDay: 'Monday' }, { weekDay: [choose] }],
      ['frequency unknown', { srvFrecuency: 5 }, { srvFrecuency: [choose] }],
      ['status unknown', { status: 99_999_999_999 }, { status: [choose] }],
      ['order status unknown', { statusOrders: 3 }, { statusOrders: [choose] }],
      ['mail preference unknown', { mailPreferences: 3 }, { mailPreferences: [choose] }],
      ['service date invalid', { serviceDate: '2026-02-30' }, { serviceDate: [SCHEDULE_MESSAGES.dateInvalid] }],
      ['send schedule 0', { sendSchedule: 0 }, { sendSchedule: [CUSTOMER_MESSAGES.weekRange] }],
      ['send schedule 54', { sendSchedule: 54 }, { sendSchedule: [CUSTOMER_MESSAGES.weekRange] }],
      ['future cancel fraction', { futureCancel: 2.5 }, { futureCancel: [CUSTOMER_MESSAGES.weekRange] }],
      ['mow cut empty', { mowCut: [] }, { mowCut: [CUSTOMER_MESSAGES.mowCutRequired] }],
      ['mow cut unknown', { mowCut: ['Roof'] }, { 'mowCut.0': [choose] }],
      ['year without winter', { year: 2026 }, { winterScheduleStatus: [CUSTOMER_MESSAGES.yearNeedsWinter] }],
      ['winter without year', { winterScheduleStatus: true }, { year: [CUSTOMER_MESSAGES.winterNeedsYear] }],
      ['year out of range', { year: 2019, winterScheduleStatus: true }, { year: [SCHEDULE_MESSAGES.yearOutOfRange] }],
      ['billing name too long', { billingName: long(51) }, { billingName: [CUSTOMER_MESSAGES.nameMax] }],
      ['billing address too long', { billingAddress: long(256) }, { billingAddress: [maxCharacters(255)] }],
      ['billing address with NUL', { billingAddress: '1 Elm\u0000' }, { billingAddress: [noNul] }],
      ['billing zip missing', { billingZipCode: null }, { billingZipCode: [CUSTOMER_MESSAGES.zipRequired] }],
      ['billing zip empty', { billingZipCode: '' }, { billingZipCode: [CUSTOMER_MESSAGES.zipRequired] }],
      ['billing zip short', { billingZipCode: '7520' }, { billingZipCode: [CUSTOMER_MESSAGES.zipInvalid] }],
      ['billing city too long', { billingCity: long(81) }, { billingCity: [maxCharacters(80)] }],
      ['billing state too long', { billingState: 'TXX' }, { billingState: [maxCharacters(2)] }],
      ['billing state empty', { billingState: '' }, { billingState: [CUSTOMER_MESSAGES.stateRequired] }],
      ['PO box too long', { billingPoBox: long(11) }, { billingPoBox: [maxCharacters(10)] }],
      ['PO city too long', { billingPoBoxCity: long(81) }, { billingPoBoxCity: [maxCharacters(80)] }],
      ['PO state too long', { billingPoBoxState: 'TXX' }, { billingPoBoxState: [maxCharacters(2)] }],
      ['PO zip letters', { billingPoBoxZipcode: 'abcde' }, { billingPoBoxZipcode: [CUSTOMER_MESSAGES.zipInvalid] }],
      ['base price missing', { costService: null }, { costService: [required] }],
      ['base price not a number', { costService: '35' }, { costService: [required] }],
      ['base price 0', { costService: 0 }, { costService: [PRICING_MESSAGES.pricePositive] }],
      ['base price fraction of a cent', { costService: 35.001 }, { costService: [PRICING_MESSAGES.priceCents] }],
      ['base price too large', { costService: 100_000_000 }, { costService: [PRICING_MESSAGES.priceMax] }],
      ['base of a field not sent', { base: { crew: 3 } }, { 'base.crew': [RECORD_SAVE_MESSAGES.baseWithoutField] }],
      ['base of no field', { base: { price: 3 } }, { 'base.price': [RECORD_SAVE_MESSAGES.baseWithoutField] }],
      [
        'base of a condition',
        { keepPrice: true, base: { keepPrice: false } },
        { 'base.keepPrice': [RECORD_SAVE_MESSAGES.baseWithoutField] },
      ],
      ['base not a value', { crew: 4, base: { crew: {} } }, { 'base.crew': [RECORD_SAVE_MESSAGES.baseInvalid] }],
      ['base with NUL', { firstName: 'Ann', base: { firstName: 'A\u0000' } }, { 'base.firstName': [noNul] }],
      ['base too long', { city: 'Dallas', base: { city: long(2001) } }, { 'base.city': [maxCharacters(2000)] }],
      ['B&B notes too long', { bbNotes: long(2001) }, { bbNotes: [maxCharacters(2000)] }],
      ['B&B notes with NUL', { bbNotes: 'Roses\u0000' }, { bbNotes: [noNul] }],
      [
        'base out of range',
        { crew: 4, base: { crew: 99_999_999_999 } },
        { 'base.crew': [number(-2_147_483_648, 2_147_483_647)] },
      ],
      ['keep price not a flag', { keepPrice: 'yes' }, { keepPrice: [PRICING_MESSAGES.flag] }],
      ['only a condition', { isCellphone: undefined, keepPrice: true }, { '': ['Send at least one field to change'] }],
    ],
  },
  verifyEmailQuerySchema: {
    schema: verifyEmailQuerySchema,
    valid: { email: 'ana@lawn.test', id: '4' },
    rows: [
      ['email missing', { email: undefined }, { email: [CUSTOMER_MESSAGES.emailInvalid] }],
      ['email malformed', { email: 'nope' }, { email: [CUSTOMER_MESSAGES.emailInvalid] }],
      ['id not a number', { id: 'abc' }, { id: [ID_MESSAGE] }],
      ['id out of range', { id: '99999999999' }, { id: [ID_MESSAGE] }],
    ],
  },
  verifyAccountQuerySchema: {
    schema: verifyAccountQuerySchema,
    valid: { account: 'A-1001' },
    rows: [
      ['account missing', { account: undefined }, { account: [CUSTOMER_MESSAGES.accountInvalid] }],
      ['account empty', { account: '' }, { account: [CUSTOMER_MESSAGES.accountInvalid] }],
      ['account malformed', { account: 'A 1' }, { account: [CUSTOMER_MESSAGES.accountInvalid] }],
      ['account too long', { account: long(21) }, { account: [CUSTOMER_MESSAGES.accountInvalid] }],
    ],
  },
  customerExportSchema: {
    schema: customerExportSchema,
    valid: { nameDoc: 'March', typeDoc: 'xlsx', ids: [1, 2] },
    rows: [
      ['name missing', { nameDoc: undefined }, { nameDoc: [REPORT_MESSAGES.nameRequired] }],
      ['name empty', { nameDoc: ' ' }, { nameDoc: [REPORT_MESSAGES.nameRequired] }],
      ['name too long', { nameDoc: long(101) }, { nameDoc: [maxCharacters(100)] }],
      ['name with NUL', { nameDoc: 'a\u0000' }, { nameDoc: [noNul] }],
      ['format unknown', { typeDoc: 'doc' }, { typeDoc: [choose] }],
      ['no customer', { ids: [] }, { ids: [REPORT_MESSAGES.selectCustomer] }],
      [
        'no name and no customer',
        { nameDoc: ' ', ids: [] },
        { nameDoc: [REPORT_MESSAGES.nameRequired], ids: [REPORT_MESSAGES.selectCustomer] },
      ],
      ['id out of range', { ids: [99_999_999_999] }, { 'ids.0': [ID_MESSAGE] }],
      ['id 0', { ids: [0] }, { 'ids.0': [ID_MESSAGE] }],
      ['too many ids', { ids: Array.from({ length: 10_001 }, (_, i) => i + 1) }, { ids: [maxItems(10_000)] }],
      ['no column', { select: [] }, { select: [required] }],
      ['column unknown', { select: ['shoeSize'] }, { 'select.0': [choose] }],
      [
        'query with NUL',
        { clients: 'all', query: { 'filter[fullName]': '\u0000' } },
        { 'query.filter[fullName]': [noNul] },
      ],
    ],
  },
  sendReportSchema: {
    schema: sendReportSchema,
    valid: { emails: ['ana@lawn.test'] },
    rows: [
      ['no address', { emails: [] }, { emails: [REPORT_MESSAGES.emailRequired] }],
      ['emails missing', { emails: undefined }, { emails: [REPORT_MESSAGES.emailRequired] }],
      ['address malformed', { emails: ['nope'] }, { 'emails.0': [REPORT_MESSAGES.emailInvalid] }],
      ['address too long', { emails: [longEmail(256)] }, { 'emails.0': [maxCharacters(255)] }],
      ['too many', { emails: Array.from({ length: 21 }, (_, i) => `a${i}@b.co`) }, { emails: [maxItems(20)] }],
    ],
  },
  markNotificationsReadSchema: {
    schema: markNotificationsReadSchema,
    valid: { ids: [1] },
    rows: [
      ['no id', { ids: [] }, { ids: [required] }],
      ['id out of range', { ids: [99_999_999_999] }, { 'ids.0': [ID_MESSAGE] }],
      ['too many', { ids: Array.from({ length: 501 }, (_, i) => i + 1) }, { ids: [maxItems(500)] }],
    ],
  },
  scheduleChangeSchema: {
    schema: scheduleChangeSchema,
    valid: { status: 'write', year: 2026, week: 2, message: 'Gate', date: '2026-03-05' },
    rows: [
      ['week missing', { week: undefined }, { week: [CALENDAR_MESSAGES.weekRange] }],
      ['week 0', { week: 0 }, { week: [CALENDAR_MESSAGES.weekRange] }],
      ['week 54', { week: 54 }, { week: [CALENDAR_MESSAGES.weekRange] }],
      ['week out of range', { week: 99_999_999_999 }, { week: [CALENDAR_MESSAGES.weekRange] }],
      ['year out of range', { year: 2041 }, { year: [SCHEDULE_MESSAGES.yearOutOfRange] }],
      ['message too long', { message: long(201) }, { message: [CALENDAR_MESSAGES.messageMax] }],
      ['message with NUL', { message: 'a\u0000' }, { message: [noNul] }],
      ['date malformed', { date: '03/05/2026' }, { date: [SCHEDULE_MESSAGES.dateInvalid] }],
    ],
  },
  serviceNotePatchSchema: {
    schema: serviceNotePatchSchema,
    valid: { type: 'skip', year: 2026, week: 2, message: 'Rain' },
    rows: [
      ['message missing', { message: undefined }, { message: [CALENDAR_MESSAGES.required] }],
      ['message too long', { message: long(201) }, { message: [CALENDAR_MESSAGES.messageMax] }],
      ['week 54', { week: 54 }, { week: [CALENDAR_MESSAGES.weekRange] }],
    ],
  },
  seasonWeekUpdatesSchema: {
    schema: seasonWeekUpdatesSchema,
    valid: { weeks: [{ week: 5, type: 'winter' }] },
    rows: [
      ['week 54', { weeks: [{ week: 54, type: 'winter' }] }, { 'weeks.0.week': [CALENDAR_MESSAGES.weekRange] }],
      ['type unknown', { weeks: [{ week: 5, type: 'summer' }] }, { 'weeks.0.type': [choose] }],
      [
        'too many',
        { weeks: Array.from({ length: 54 }, () => ({ week: 5, type: 'winter' })) },
        { weeks: [maxItems(53)] },
      ],
    ],
  },
  weeksQuerySchema: {
    schema: weeksQuerySchema,
    valid: { year: '2026' },
    rows: [
      ['year missing', { year: undefined }, { year: [SCHEDULE_MESSAGES.yearOutOfRange] }],
      ['year not a number', { year: 'abc' }, { year: [SCHEDULE_MESSAGES.yearOutOfRange] }],
      ['year out of range', { year: '99999999999' }, { year: [SCHEDULE_MESSAGES.yearOutOfRange] }],
      ['year far out of range', { year: '1e300' }, { year: [SCHEDULE_MESSAGES.yearOutOfRange] }],
      ['year a fraction', { year: '2026.5' }, { year: [SCHEDULE_MESSAGES.yearOutOfRange] }],
    ],
  },
  dateInfoQuerySchema: {
    schema: dateInfoQuerySchema,
    valid: { date: '2026-03-05' },
    rows: [
      ['date missing', { date: undefined }, { date: [SCHEDULE_MESSAGES.dateInvalid] }],
      ['date impossible', { date: '2026-13-01' }, { date: [SCHEDULE_MESSAGES.dateInvalid] }],
      ['date with NUL', { date: '2026-03-05\u0000' }, { date: [SCHEDULE_MESSAGES.dateInvalid] }],
    ],
  },
  calendarQuerySchema: {
    schema: calendarQuerySchema,
    valid: { year: '2026', filter: 'winter' },
    rows: [['year out of range', { year: '1999' }, { year: [SCHEDULE_MESSAGES.yearOutOfRange] }]],
  },
  externalCalendarQuerySchema: {
    schema: externalCalendarQuerySchema,
    valid: { year: '2026' },
    rows: [['year out of range', { year: '2099' }, { year: [SCHEDULE_MESSAGES.yearOutOfRange] }]],
  },
  zipcodeParamsSchema: {
    schema: zipcodeParamsSchema,
    valid: { zipcode: '75201' },
    rows: [
      ['zip missing', { zipcode: undefined }, { zipcode: [CUSTOMER_MESSAGES.zipRequired] }],
      ['zip empty', { zipcode: '' }, { zipcode: [CUSTOMER_MESSAGES.zipRequired] }],
      ['zip short', { zipcode: '7520' }, { zipcode: [CUSTOMER_MESSAGES.zipInvalid] }],
      ['zip long', { zipcode: '752011' }, { zipcode: [CUSTOMER_MESSAGES.zipInvalid] }],
      ['zip letters', { zipcode: '7520a' }, { zipcode: [CUSTOMER_MESSAGES.zipInvalid] }],
      ['zip with NUL', { zipcode: '7520\u0000' }, { zipcode: [noNul] }],
      ['unknown parameter', { extra: '1' }, { '': ['Unrecognized key: "extra"'] }],
    ],
  },
  suggestionsQuerySchema: {
    schema: suggestionsQuerySchema,
    valid: { q: '1204 Oak', zipcode: '75201', limit: '5' },
    rows: [
      ['text missing', { q: undefined }, { q: [PLACE_MESSAGES.addressRequired] }],
      ['text blank', { q: '  ' }, { q: [PLACE_MESSAGES.addressRequired] }],
      ['text too long', { q: long(101) }, { q: [maxCharacters(100)] }],
      ['text with NUL', { q: 'Oak\u0000' }, { q: [noNul] }],
      ['zip malformed', { zipcode: '7520' }, { zipcode: [CUSTOMER_MESSAGES.zipInvalid] }],
      ['limit 0', { limit: '0' }, { limit: [wholeNumber(1, 10)] }],
      ['limit 11', { limit: '11' }, { limit: [wholeNumber(1, 10)] }],
      ['limit not a number', { limit: 'ten' }, { limit: [wholeNumber(1, 10)] }],
    ],
  },
  geocodeQuerySchema: {
    schema: geocodeQuerySchema,
    valid: { address: '1204 Oak Lawn Ave', zipcode: '75201' },
    rows: [
      ['address missing', { address: undefined }, { address: [CUSTOMER_MESSAGES.serviceAddressRequired] }],
      ['address too long', { address: long(256) }, { address: [maxCharacters(255)] }],
      ['address with NUL', { address: 'a\u0000' }, { address: [noNul] }],
      ['zip malformed', { zipcode: 'abcde' }, { zipcode: [CUSTOMER_MESSAGES.zipInvalid] }],
    ],
  },
  propertyDataQuerySchema: {
    schema: propertyDataQuerySchema,
    valid: { address: '1204 Oak Lawn Ave', zipcode: '75201' },
    rows: [
      ['address empty', { address: '' }, { address: [CUSTOMER_MESSAGES.serviceAddressRequired] }],
      ['zip missing', { zipcode: undefined }, { zipcode: [CUSTOMER_MESSAGES.zipRequired] }],
      ['zip malformed', { zipcode: '1' }, { zipcode: [CUSTOMER_MESSAGES.zipInvalid] }],
    ],
  },
  serviceZoneInputSchema: {
    schema: serviceZoneInputSchema,
    valid: { marketId: 1, zipcode: '75201', exceptions: 'No gated communities', city: '', state: '' },
    rows: [
      ['market missing', { marketId: undefined }, { marketId: [SERVICE_ZONE_MESSAGES.marketRequired] }],
      ['market 0', { marketId: 0 }, { marketId: [SERVICE_ZONE_MESSAGES.marketRequired] }],
      ['market out of range', { marketId: 99_999_999_999 }, { marketId: [SERVICE_ZONE_MESSAGES.marketRequired] }],
      ['zip missing', { zipcode: undefined }, { zipcode: [SERVICE_ZONE_MESSAGES.zipRequired] }],
      ['zip empty', { zipcode: ' ' }, { zipcode: [SERVICE_ZONE_MESSAGES.zipRequired] }],
      ['zip letters', { zipcode: '752a1' }, { zipcode: [SERVICE_ZONE_MESSAGES.zipDigits] }],
      ['zip short', { zipcode: '7520' }, { zipcode: [SERVICE_ZONE_MESSAGES.zipMin] }],
      ['zip long', { zipcode: '752011' }, { zipcode: [SERVICE_ZONE_MESSAGES.zipMax] }],
      ['zip with NUL', { zipcode: '7520\u0000' }, { zipcode: [noNul] }],
      ['exceptions too long', { exceptions: long(501) }, { exceptions: [SERVICE_ZONE_MESSAGES.exceptionsMax] }],
      ['exceptions with NUL', { exceptions: 'a\u0000' }, { exceptions: [noNul] }],
      ['city too long', { city: long(101) }, { city: [maxCharacters(100)] }],
      ['state too long', { state: 'TXX' }, { state: [SERVICE_ZONE_MESSAGES.stateUnknown] }],
      ['unknown field', { isValidated: true }, { '': ['Unrecognized key: "isValidated"'] }],
    ],
  },
  serviceZonePatchSchema: {
    schema: serviceZonePatchSchema,
    valid: { marketId: 1, zipcode: '75201', version: 3 },
    rows: [
      ['version missing', { version: undefined }, { version: [ID_MESSAGE] }],
      ['version 0', { version: 0 }, { version: [ID_MESSAGE] }],
      ['zip short', { zipcode: '7520' }, { zipcode: [SERVICE_ZONE_MESSAGES.zipMin] }],
    ],
  },
  externalAccessSchema: {
    schema: externalAccessSchema,
    valid: { propertyId: 7, scopes: ['calendar'] },
    rows: [['property id out of range', { propertyId: 2_147_483_648 }, { propertyId: [ID_MESSAGE] }]],
  },
  externalPhoneSearchSchema: {
    schema: externalPhoneSearchSchema,
    valid: { contact_number: '5125550142' },
    rows: [
      ['phone missing', { contact_number: undefined }, { contact_number: [EXTERNAL_MESSAGES.phoneRequired] }],
      ['phone empty', { contact_number: '' }, { contact_number: [EXTERNAL_MESSAGES.phoneRequired] }],
      ['phone not text', { contact_number: 5125550142 }, { contact_number: [EXTERNAL_MESSAGES.phoneRequired] }],
      ['phone short', { contact_number: '512555014' }, { contact_number: [EXTERNAL_MESSAGES.phoneInvalid] }],
      ['phone long', { contact_number: '51255501420' }, { contact_number: [EXTERNAL_MESSAGES.phoneInvalid] }],
      ['phone with letters', { contact_number: '512555O142' }, { contact_number: [EXTERNAL_MESSAGES.phoneInvalid] }],
      ['phone formatted', { contact_number: '512-555-0142' }, { contact_number: [EXTERNAL_MESSAGES.phoneInvalid] }],
      ['phone with NUL', { contact_number: '512555014\u0000' }, { contact_number: [noNul] }],
      ['with an account number', { account_number: 'A-1001' }, {}],
      ['account number empty', { account_number: '' }, { account_number: [EXTERNAL_MESSAGES.accountNumberRequired] }],
      [
        'account number failing its check digit',
        { account_number: '482133776510' },
        { account_number: [EXTERNAL_MESSAGES.accountNumberInvalid] },
      ],
      ['unknown field', { propertyId: 1 }, { '': ['Unrecognized key: "propertyId"'] }],
    ],
  },
  externalAccountLoginSchema: {
    schema: externalAccountLoginSchema,
    valid: { account_number: 'A-1001' },
    rows: [
      ['account missing', { account_number: undefined }, { account_number: [EXTERNAL_MESSAGES.accountNumberRequired] }],
      ['account empty', { account_number: '' }, { account_number: [EXTERNAL_MESSAGES.accountNumberRequired] }],
      ['account blank', { account_number: '   ' }, { account_number: [EXTERNAL_MESSAGES.accountNumberRequired] }],
      ['account short', { account_number: 'A-1' }, { account_number: [EXTERNAL_MESSAGES.accountNumberMin] }],
      ['account too long', { account_number: long(21) }, { account_number: [maxCharacters(20)] }],
      ['account with NUL', { account_number: 'A-10\u0000' }, { account_number: [noNul] }],
      ['a new account number', { account_number: '482133776500' }, {}],
      ['an older account number', { account_number: '100042' }, {}],
      [
        'a new account number with a mistyped digit',
        { account_number: '482133776510' },
        { account_number: [EXTERNAL_MESSAGES.accountNumberInvalid] },
      ],
      [
        'a new account number with two digits swapped',
        { account_number: '428133776500' },
        { account_number: [EXTERNAL_MESSAGES.accountNumberInvalid] },
      ],
      ['unknown field', { contact_number: '5125550142' }, { '': ['Unrecognized key: "contact_number"'] }],
    ],
  },
  noteCreateSchema: {
    schema: noteCreateSchema,
    valid: { typeId: 1, serviceDate: '2026-05-04', serviceHour: '09:30', description: 'Called about the gate' },
    rows: [
      ['type missing', { typeId: undefined }, { typeId: [choose] }],
      ['type unknown', { typeId: 6 }, { typeId: [choose] }],
      ['date missing', { serviceDate: undefined }, { serviceDate: [NOTE_MESSAGES.required] }],
      ['date empty', { serviceDate: '' }, { serviceDate: [NOTE_MESSAGES.required] }],
      ['date invalid', { serviceDate: '2026-02-30' }, { serviceDate: [SCHEDULE_MESSAGES.dateInvalid] }],
      ['date after 2050', { serviceDate: '2051-01-02' }, { serviceDate: [NOTE_MESSAGES.dateMax] }],
      ['hour missing', { serviceHour: undefined }, { serviceHour: [NOTE_MESSAGES.required] }],
      ['hour malformed', { serviceHour: '9:30' }, { serviceHour: [NOTE_MESSAGES.hourInvalid] }],
      ['hour out of range', { serviceHour: '24:00' }, { serviceHour: [NOTE_MESSAGES.hourInvalid] }],
      ['description missing', { description: undefined }, { description: [required] }],
      ['description empty', { description: '  ' }, { description: [NOTE_MESSAGES.required] }],
      ['description too short', { description: 'ok' }, { description: [NOTE_MESSAGES.descriptionMin] }],
      ['description too long', { description: long(5001) }, { description: [maxCharacters(5000)] }],
      ['description with NUL', { description: 'Gate\u0000code' }, { description: [noNul] }],
      [
        'rejection reasons on a call note',
        { rejectionReasons: ['Just Shopping'] },
        { rejectionReasons: [NOTE_MESSAGES.reasonsOnlyRejected] },
      ],
      ['rejection reason unknown', { typeId: 4, rejectionReasons: ['Too far'] }, { 'rejectionReasons.0': [choose] }],
      ['billing note without a reason', { typeId: 7 }, { reason: [NOTE_MESSAGES.required] }],
      [
        'billing note on a weekend',
        { typeId: 7, reason: 'Card declined', serviceDate: '2026-05-09' },
        { serviceDate: [NOTE_MESSAGES.weekend] },
      ],
      ['reason too long', { typeId: 7, reason: long(101) }, { reason: [maxCharacters(100)] }],
      ['billing reason unknown', { typeId: 7, reason: 'Because' }, { reason: [NOTE_MESSAGES.reasonUnknown] }],
      ['status unknown', { status: 3 }, { status: [choose] }],
      ['unknown field', { attachments: [] }, { '': ['Unrecognized key: "attachments"'] }],
    ],
  },
  notePatchSchema: {
    schema: notePatchSchema,
    valid: { version: 3, serviceDate: '2026-05-04', serviceHour: '09:30', description: 'Called about the gate' },
    rows: [
      ['version missing', { version: undefined }, { version: [VERSION_MESSAGES.invalid] }],
      ['version 0', { version: 0 }, { version: [VERSION_MESSAGES.invalid] }],
      ['version out of range', { version: 2_147_483_648 }, { version: [VERSION_MESSAGES.invalid] }],
      ['hour malformed', { serviceHour: '0930' }, { serviceHour: [NOTE_MESSAGES.hourInvalid] }],
    ],
  },
  noteBulkDeleteSchema: {
    schema: noteBulkDeleteSchema,
    valid: { ids: [1, 2] },
    rows: [
      ['no ids', { ids: [] }, { ids: [NOTE_MESSAGES.selectNotes] }],
      ['ids missing', { ids: undefined }, { ids: [NOTE_MESSAGES.selectNotes] }],
      ['too many ids', { ids: Array.from({ length: 101 }, (_, index) => index + 1) }, { ids: [maxItems(100)] }],
      ['id out of range', { ids: [2_147_483_648] }, { 'ids.0': [ID_MESSAGE] }],
    ],
  },
  approveOrderSchema: {
    schema: approveOrderSchema,
    valid: { version: 1 },
    rows: [
      ['version missing', { version: undefined }, { version: [VERSION_MESSAGES.invalid] }],
      ['version fraction', { version: 1.5 }, { version: [VERSION_MESSAGES.invalid] }],
    ],
  },
  rejectOrderSchema: {
    schema: rejectOrderSchema,
    valid: {
      version: 2,
      serviceDate: '2026-05-04',
      serviceHour: '09:30',
      description: '',
      rejectionReasons: ['Just Shopping'],
    },
    rows: [
      ['no reason and no description', { rejectionReasons: [] }, { description: [NOTE_MESSAGES.required] }],
      ['description too short', { description: 'no' }, { description: [NOTE_MESSAGES.descriptionMin] }],
      ['version missing', { version: undefined }, { version: [VERSION_MESSAGES.invalid] }],
      ['date missing', { serviceDate: '' }, { serviceDate: [NOTE_MESSAGES.required] }],
    ],
  },
  locationCreateSchema: {
    schema: locationCreateSchema,
    valid: { streetAddress: '12 Oak St', accountNumber: '500123', zipCode: '75201' },
    rows: [
      ['address missing', { streetAddress: undefined }, { streetAddress: [LOCATION_MESSAGES.fillAll] }],
      ['address blank', { streetAddress: ' ' }, { streetAddress: [LOCATION_MESSAGES.fillAll] }],
      ['address too long', { streetAddress: long(256) }, { streetAddress: [maxCharacters(255)] }],
      ['account missing', { accountNumber: '' }, { accountNumber: [LOCATION_MESSAGES.fillAll] }],
      ['account malformed', { accountNumber: 'A 1' }, { accountNumber: [CUSTOMER_MESSAGES.accountInvalid] }],
      ['account too long', { accountNumber: long(21) }, { accountNumber: [CUSTOMER_MESSAGES.accountInvalid] }],
      ['zip missing', { zipCode: undefined }, { zipCode: [LOCATION_MESSAGES.fillAll] }],
      ['zip too short', { zipCode: '7520' }, { zipCode: [CUSTOMER_MESSAGES.zipInvalid] }],
      ['zip with NUL', { zipCode: '7520\u0000' }, { zipCode: [noNul] }],
    ],
  },
  locationPatchSchema: {
    schema: locationPatchSchema,
    valid: { streetAddress: '14 Oak St', accountNumber: '500123', zipCode: '75201', version: 2 },
    rows: [
      ['address blank', { streetAddress: ' ' }, { streetAddress: [LOCATION_MESSAGES.fillAll] }],
      ['account malformed', { accountNumber: 'A 1' }, { accountNumber: [CUSTOMER_MESSAGES.accountInvalid] }],
      ['zip too short', { zipCode: '7520' }, { zipCode: [CUSTOMER_MESSAGES.zipInvalid] }],
      ['version missing', { version: undefined }, { version: [VERSION_MESSAGES.invalid] }],
      ['version 0', { version: 0 }, { version: [VERSION_MESSAGES.invalid] }],
      ['version out of range', { version: 2_147_483_648 }, { version: [VERSION_MESSAGES.invalid] }],
    ],
  },
  bushBedCreateSchema: {
    schema: bushBedCreateSchema,
    valid: { year: 2027, weekNumber: 12, crew: 4, weekDay: 1, status: 2, instruction: 'Trim the hedges' },
    rows: [
      ['week missing', { weekNumber: undefined }, { weekNumber: [BUSH_BED_MESSAGES.required] }],
      ['week out of range', { weekNumber: 54 }, { weekNumber: [CUSTOMER_MESSAGES.weekRange] }],
      ['crew missing', { crew: null }, { crew: [BUSH_BED_MESSAGES.required] }],
      ['crew out of range', { crew: 100_000 }, { crew: [wholeNumber(1, 99_999)] }],
      ['week day missing', { weekDay: undefined }, { weekDay: [BUSH_BED_MESSAGES.required] }],
      ['week day unknown', { weekDay: 8 }, { weekDay: [BUSH_BED_MESSAGES.required] }],
      ['status missing', { status: undefined }, { status: [BUSH_BED_MESSAGES.required] }],
      ['status unknown', { status: 4 }, { status: [BUSH_BED_MESSAGES.required] }],
      ['instruction too long', { instruction: long(1001) }, { instruction: [maxCharacters(1000)] }],
      ['instruction with NUL', { instruction: 'a\u0000' }, { instruction: [noNul] }],
    ],
  },
  bushBedPatchSchema: {
    schema: bushBedPatchSchema,
    valid: { year: 2027, weekNumber: 12, crew: 4, weekDay: 1, status: 3, instruction: '', version: 2 },
    rows: [
      ['status missing', { status: undefined }, { status: [BUSH_BED_MESSAGES.required] }],
      ['version missing', { version: undefined }, { version: [VERSION_MESSAGES.invalid] }],
    ],
  },
  todoPatchSchema: {
    schema: todoPatchSchema,
    valid: { year: 2027, week: 14, text: 'Call before the visit', done: false },
    rows: [
      ['text missing', { text: undefined }, { text: [TODO_MESSAGES.required] }],
      ['text blank', { text: '  ' }, { text: [TODO_MESSAGES.required] }],
      ['text too long', { text: long(201) }, { text: [TODO_MESSAGES.textMax] }],
      ['text with NUL', { text: 'a\u0000' }, { text: [noNul] }],
      ['week out of range', { week: 0 }, { week: [CUSTOMER_MESSAGES.weekRange] }],
      ['version 0', { version: 0 }, { version: [VERSION_MESSAGES.invalid] }],
    ],
  },
  fifthMowApplySchema: {
    schema: fifthMowApplySchema,
    valid: { serviceDate: '2049-06-01', serviceHour: '09:30', description: 'Fifth mow free' },
    rows: [
      ['date missing', { serviceDate: '' }, { serviceDate: [NOTE_MESSAGES.required] }],
      ['hour malformed', { serviceHour: '9.30' }, { serviceHour: [NOTE_MESSAGES.hourInvalid] }],
      ['description empty', { description: '' }, { description: [NOTE_MESSAGES.required] }],
      ['description too short', { description: 'ab' }, { description: [NOTE_MESSAGES.descriptionMin] }],
      ['date after 2050', { serviceDate: '2051-01-02' }, { serviceDate: [NOTE_MESSAGES.dateMax] }],
    ],
  },
  paymentMethodChangeSchema_card: {
    schema: paymentMethodChangeSchema,
    valid: {
      paymentOption: 0,
      nameOnCard: 'Pat Doe',
      creditCardNumber: CIPHERTEXT,
      cardType: 4,
      creditCardExpirationMonth: 5,
      creditCardExpirationYear: 2030,
    },
    rows: [
      ['tab missing', { paymentOption: undefined }, { paymentOption: [PAYMENT_MESSAGES.paymentOptionRequired] }],
      ['tab unknown', { paymentOption: 2 }, { paymentOption: [PAYMENT_MESSAGES.paymentOptionRequired] }],
      ['name missing', { nameOnCard: undefined }, { nameOnCard: [PAYMENT_MESSAGES.nameOnCardRequired] }],
      ['name blank', { nameOnCard: '  ' }, { nameOnCard: [PAYMENT_MESSAGES.nameOnCardRequired] }],
      ['name too long', { nameOnCard: long(51) }, { nameOnCard: [maxCharacters(50)] }],
      ['name with NUL', { nameOnCard: 'Pat\u0000' }, { nameOnCard: [noNul] }],
      ['name holding a number', { nameOnCard: 'Pat 4242 4242 4242' }, { nameOnCard: [PAYMENT_MESSAGES.nameHasNumber] }],
      ['name with a short number', { nameOnCard: 'Pat Doe 3rd' }, {}],
      ['number missing', { creditCardNumber: undefined }, { creditCardNumber: [PAYMENT_MESSAGES.cardNumberRequired] }],
      ['number in clear', { creditCardNumber: '4242 4242' }, { creditCardNumber: [PAYMENT_MESSAGES.unreadable] }],
      [
        'number in clear, digits only',
        { creditCardNumber: '4242424242424242' },
        { creditCardNumber: [PAYMENT_MESSAGES.unreadable] },
      ],
      ['number too long', { creditCardNumber: 'A'.repeat(1025) }, { creditCardNumber: [PAYMENT_MESSAGES.unreadable] }],
      ['card type missing', { cardType: undefined }, { cardType: [PAYMENT_MESSAGES.cardTypeRequired] }],
      ['card type unknown', { cardType: 7 }, { cardType: [PAYMENT_MESSAGES.cardTypeRequired] }],
      [
        'month missing',
        { creditCardExpirationMonth: undefined },
        { creditCardExpirationMonth: [PAYMENT_MESSAGES.cardMonthRequired] },
      ],
      ['month 13', { creditCardExpirationMonth: 13 }, { creditCardExpirationMonth: [PAYMENT_MESSAGES.expiryInvalid] }],
      [
        'year missing',
        { creditCardExpirationYear: undefined },
        { creditCardExpirationYear: [PAYMENT_MESSAGES.cardYearRequired] },
      ],
      [
        'year huge',
        { creditCardExpirationYear: 99_999_999_999 },
        { creditCardExpirationYear: [PAYMENT_MESSAGES.expiryInvalid] },
      ],
      ['a CVV', { cvv: '123' }, { '': ['Unrecognized key: "cvv"'] }],
      ['an e-check field', { checkRoutingNumber: '110000000' }, { '': ['Unrecognized key: "checkRoutingNumber"'] }],
      [
        'an acceptance that is no yes or no',
        { authorizationAccepted: 'yes' },
        { authorizationAccepted: ['Invalid input: expected boolean, received string'] },
      ],
    ],
  },
  paymentMethodChangeSchema_eCheck: {
    schema: paymentMethodChangeSchema,
    valid: {
      paymentOption: 1,
      checkNameOnAccount: 'Pat Doe',
      checkRoutingNumber: '110000000',
      checkAccountNumber: CIPHERTEXT,
    },
    rows: [
      ['name missing', { checkNameOnAccount: '' }, { checkNameOnAccount: [PAYMENT_MESSAGES.nameOnAccountRequired] }],
      [
        'name holding the account number',
        { checkNameOnAccount: '000123456789' },
        { checkNameOnAccount: [PAYMENT_MESSAGES.nameHasNumber] },
      ],
      ['routing missing', { checkRoutingNumber: '' }, { checkRoutingNumber: [PAYMENT_MESSAGES.routingRequired] }],
      [
        'routing checksum',
        { checkRoutingNumber: '110000001' },
        { checkRoutingNumber: [PAYMENT_MESSAGES.routingInvalid] },
      ],
      [
        'routing letters',
        { checkRoutingNumber: '11000000a' },
        { checkRoutingNumber: [PAYMENT_MESSAGES.routingInvalid] },
      ],
      [
        'routing too long',
        { checkRoutingNumber: '1100000000' },
        { checkRoutingNumber: [PAYMENT_MESSAGES.routingInvalid] },
      ],
      [
        'account missing',
        { checkAccountNumber: undefined },
        { checkAccountNumber: [PAYMENT_MESSAGES.accountRequired] },
      ],
      ['account in clear', { checkAccountNumber: '0001-2345' }, { checkAccountNumber: [PAYMENT_MESSAGES.unreadable] }],
      ['a verify field', { checkAccountNumberVerify: 'x' }, { '': ['Unrecognized key: "checkAccountNumberVerify"'] }],
    ],
  },
  customerPaymentMethodChangeSchema: {
    schema: customerPaymentMethodChangeSchema,
    valid: {
      paymentOption: 1,
      checkNameOnAccount: 'Pat Doe',
      checkRoutingNumber: '110000000',
      checkAccountNumber: CIPHERTEXT,
      serviceZipCode: '75201',
      phoneLastFour: '0142',
      authorizationAccepted: true,
    },
    rows: [
      [
        'without the identity check (a signed-in customer)',
        { serviceZipCode: undefined, phoneLastFour: undefined },
        {},
      ],
      [
        'without the acceptance of the charges',
        { authorizationAccepted: undefined },
        { authorizationAccepted: [AUTHORIZATION_MESSAGES.required] },
      ],
      [
        'with the acceptance refused',
        { authorizationAccepted: false },
        { authorizationAccepted: [AUTHORIZATION_MESSAGES.required] },
      ],
      ['zip empty', { serviceZipCode: '' }, { serviceZipCode: [IDENTITY_CHECK_MESSAGES.zipRequired] }],
      ['zip short', { serviceZipCode: '7520' }, { serviceZipCode: [IDENTITY_CHECK_MESSAGES.zipInvalid] }],
      ['zip long', { serviceZipCode: '752011' }, { serviceZipCode: [IDENTITY_CHECK_MESSAGES.zipInvalid] }],
      ['zip with NUL', { serviceZipCode: '7520\u0000' }, { serviceZipCode: [noNul] }],
      ['phone digits empty', { phoneLastFour: '' }, { phoneLastFour: [IDENTITY_CHECK_MESSAGES.phoneLastFourRequired] }],
      [
        'phone digits three',
        { phoneLastFour: '142' },
        { phoneLastFour: [IDENTITY_CHECK_MESSAGES.phoneLastFourInvalid] },
      ],
      [
        'phone digits five',
        { phoneLastFour: '50142' },
        { phoneLastFour: [IDENTITY_CHECK_MESSAGES.phoneLastFourInvalid] },
      ],
      [
        'phone digits as a number',
        { phoneLastFour: 142 },
        { phoneLastFour: [IDENTITY_CHECK_MESSAGES.phoneLastFourRequired] },
      ],
      ['a CVV', { cvv: '123' }, { '': ['Unrecognized key: "cvv"'] }],
    ],
  },
  cardFormSchema: {
    schema: cardFormSchema('2026-11-22'),
    valid: {
      nameOnCard: 'Pat Doe',
      creditCardNumber: '4242 4242 4242 4242',
      cardType: 4,
      creditCardExpirationMonth: 11,
      creditCardExpirationYear: 2026,
    },
    rows: [
      ['number missing', { creditCardNumber: '' }, { creditCardNumber: [PAYMENT_MESSAGES.cardNumberRequired] }],
      [
        'number failing Luhn',
        { creditCardNumber: '4242424242424241' },
        { creditCardNumber: [PAYMENT_MESSAGES.cardNumberInvalid] },
      ],
      [
        'number too short',
        { creditCardNumber: '424242424242' },
        { creditCardNumber: [PAYMENT_MESSAGES.cardNumberInvalid] },
      ],
      ['type of another brand', { cardType: 3 }, { cardType: [PAYMENT_MESSAGES.cardTypeMismatch] }],
      [
        'month past',
        { creditCardExpirationMonth: 10 },
        { creditCardExpirationMonth: [PAYMENT_MESSAGES.expiryInvalid] },
      ],
      [
        'year past',
        { creditCardExpirationYear: 2025 },
        { creditCardExpirationMonth: [PAYMENT_MESSAGES.expiryInvalid] },
      ],
      [
        'year not offered',
        { creditCardExpirationYear: 2036 },
        { creditCardExpirationMonth: [PAYMENT_MESSAGES.expiryInvalid] },
      ],
      [
        'name missing and number bad',
        { nameOnCard: '', creditCardNumber: '1234' },
        {
          nameOnCard: [PAYMENT_MESSAGES.nameOnCardRequired],
          creditCardNumber: [PAYMENT_MESSAGES.cardNumberInvalid],
        },
      ],
    ],
  },
  eCheckFormSchema: {
    schema: eCheckFormSchema,
    valid: {
      checkNameOnAccount: 'Pat Doe',
      checkRoutingNumber: '110000000',
      checkAccountNumber: '000123456789',
      checkAccountNumberVerify: '000123456789',
    },
    rows: [
      [
        'account too short',
        { checkAccountNumber: '12345', checkAccountNumberVerify: '12345' },
        { checkAccountNumber: [PAYMENT_MESSAGES.accountInvalid] },
      ],
      [
        'verify missing',
        { checkAccountNumberVerify: '' },
        { checkAccountNumberVerify: [PAYMENT_MESSAGES.verifyRequired] },
      ],
      [
        'verify different',
        { checkAccountNumberVerify: '000123456788' },
        { checkAccountNumberVerify: [PAYMENT_MESSAGES.verifyMismatch] },
      ],
      [
        'name missing and verify different',
        { checkNameOnAccount: '', checkAccountNumberVerify: '1' },
        {
          checkNameOnAccount: [PAYMENT_MESSAGES.nameOnAccountRequired],
          checkAccountNumberVerify: [PAYMENT_MESSAGES.verifyMismatch],
        },
      ],
    ],
  },
};

/** Field path -> messages, as the API's error body and the forms key them. */
function messagesByField(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? []) {
    (errors[issue.path.join('.')] ??= []).push(issue.message);
  }
  return errors;
}

/** The valid input with one change; `undefined` removes the field, as a JSON body or a query string would. */
function withChange(valid: Record<string, unknown>, change: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries({ ...valid, ...change }).filter(([, value]) => value !== undefined));
}

describe.each(Object.entries(tables))('%s', (_, { schema, valid, rows }) => {
  it('accepts the valid input', () => {
    expect(messagesByField(schema, valid)).toEqual({});
  });

  it.each(rows)('%s answers its own message', (_rule, change, expected) => {
    expect(messagesByField(schema, withChange(valid, change))).toEqual(expected);
  });
});
