import {
  cardTypeName,
  DECLINE_REASONS,
  E_CHECK_LABEL,
  INVOICE_DISCOUNTS,
  INVOICE_STATUSES,
  isoDayOfWeek,
  PAYMENT_TYPE,
  type InvoiceDiscount,
  type DeclineCode,
  type ExternalPayment,
  type ExternalPaymentInclude,
  type InvoiceRow,
  type InvoiceStatus,
} from '@lawn/shared';
import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invoices, properties } from '../../db/schema';
import type { ListQuery, ListResult } from '../../http/list-query';

const columns = {
  id: invoices.id,
  transactionId: invoices.transactionId,
  total: invoices.total,
  propertyId: invoices.propertyId,
  billingDate: invoices.billingDate,
  serviceDate: invoices.serviceDate,
  year: invoices.year,
  week: invoices.week,
  status: invoices.status,
  declineCode: invoices.declineCode,
  discount: invoices.discount,
  paymentType: invoices.paymentType,
  cardType: invoices.cardType,
  version: invoices.version,
  accountNumber: properties.accountNumber,
  serviceAddress: properties.serviceAddress,
  firstName: properties.customerFirstName,
  lastName: properties.customerLastName,
};

type Row = {
  id: number;
  transactionId: string | null;
  total: number;
  propertyId: number;
  billingDate: string;
  serviceDate: string;
  year: number;
  week: number;
  status: number;
  declineCode: string | null;
  discount: string | null;
  paymentType: number | null;
  cardType: number | null;
  version: number;
  accountNumber: string;
  serviceAddress: string;
  firstName: string;
  lastName: string;
};

function paymentTypeName(row: Pick<Row, 'paymentType' | 'cardType'>): string {
  if (row.paymentType === PAYMENT_TYPE.card) return cardTypeName(row.cardType);
  if (row.paymentType === PAYMENT_TYPE.eCheck) return E_CHECK_LABEL;
  return '';
}

function toInvoiceRow(row: Row): InvoiceRow {
  return {
    id: row.id,
    transactionId: row.transactionId,
    total: row.total,
    customerId: row.accountNumber,
    propertyId: row.propertyId,
    createdAt: row.billingDate,
    serviceDate: row.serviceDate,
    year: row.year,
    week: row.week,
    status: row.status,
    statusName: INVOICE_STATUSES[row.status as InvoiceStatus] ?? String(row.status),
    declineReason: row.declineCode ? (DECLINE_REASONS[row.declineCode as DeclineCode] ?? row.declineCode) : null,
    discountName: row.discount ? (INVOICE_DISCOUNTS[row.discount as InvoiceDiscount] ?? row.discount) : null,
    paymentTypeName: paymentTypeName(row),
    version: row.version,
    customers: { serviceAddress: row.serviceAddress, fullName: `${row.firstName} ${row.lastName}`.trim() },
  };
}

/** A page of invoices with their property's address, account number and customer name. */
export async function listInvoices(db: Executor, query: ListQuery): Promise<ListResult<InvoiceRow>> {
  const [counted] = await db
    .select({ total: count() })
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .where(query.where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await db
    .select(columns)
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total, rows: rows.map(toInvoiceRow) };
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** One property's invoices as its customer sees them: account number, date, week, weekday, amount, payment type. */
export async function listPropertyPayments(
  db: Executor,
  propertyId: number,
  query: ListQuery<ExternalPaymentInclude>,
): Promise<ListResult<ExternalPayment>> {
  // The property comes from the caller's token, never from the query: it is ANDed with whatever the query filters.
  const where = and(eq(invoices.propertyId, propertyId), query.where);
  const [counted] = await db.select({ total: count() }).from(invoices).where(where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await db
    .select(columns)
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .where(where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return {
    render: 'paginate',
    total,
    rows: rows.map((row) => ({
      id: row.id,
      customerId: row.accountNumber,
      createdAt: row.billingDate,
      amount: row.total,
      status: row.status,
      statusName: INVOICE_STATUSES[row.status as InvoiceStatus] ?? String(row.status),
      ...(query.includes.has('crewService')
        ? { crewService: { week: row.week, weekDay: DAY_NAMES[isoDayOfWeek(row.serviceDate) - 1] ?? '' } }
        : {}),
      ...(query.includes.has('customerPayment') ? { customerPayment: { paymentTypeName: paymentTypeName(row) } } : {}),
    })),
  };
}
