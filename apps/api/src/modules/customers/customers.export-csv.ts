import {
  CARD_TYPES,
  CUSTOMER_STATUSES,
  E_CHECK_LABEL,
  FREQUENCIES,
  PAYMENT_TYPE,
  PAYMENT_TYPES,
  UNKNOWN_CARD_LABEL,
  type CustomerColumn,
} from '@lawn/shared';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { copyCsv } from '../../db/copy-query';
import { properties, propertyPrices } from '../../db/schema';
import { FORMULA_START_CHARACTERS } from '../../exports/csv-writer';
import { customerExportColumns } from '../../exports/customer-columns';
import type { ExportColumn } from '../../exports/export-types';
import { planExport, type CustomerExportSelection } from './customers.export';
import { fullNameExpression } from './customers.list';
import { selectListRows } from './customers.repo';

/**
 * The CSV of a customer export written by PostgreSQL itself (COPY), byte for byte what the row-by-row writer
 * (`exports/csv-writer.ts`) writes from the list's rows: the same header, the same values formatted the same way.
 * Each column is its value, as `toListRow` and the column's `value` make it, then formatted by its kind, as
 * `formatCell` and `csvCell` do. Raw SQL: the query builder has no CASE, to_char or COPY.
 */

/** `case code when 1 then 'Weekly' ... else otherwise end`: a code's label; `otherwise` for any other code or none. */
function labelOf(code: SQL, labels: Record<number, string>, otherwise: SQL): SQL {
  const branches = Object.entries(labels).map(([value, label]) => sql`when ${Number(value)} then ${label}`);
  return sql`(case ${code} ${sql.join(branches, sql` `)} else ${otherwise} end)`;
}

/** A code's label, or the code itself when it has none (as `toListRow` names statuses and frequencies). */
const nameOf = (code: SQL, labels: Record<number, string>) => labelOf(code, labels, sql`${code}::text`);

/** Money and rates as `toListRow` rounds them (to the cent, in floating point, as JavaScript's Math.round does). */
const roundedToCents = (column: SQLWrapper) => sql`(floor(coalesce(${column}, 0)::float8 * 100 + 0.5) / 100)`;

/** Who last did something: their name when someone is recorded, else nothing (as `person` in `toListRow`). */
const personName = (id: SQLWrapper, name: SQLWrapper) =>
  sql`(case when ${id} is not null then coalesce(${name}, '') end)`;

/** Each column's value (text, number or null), as the list row and the export column's `value` give it. */
const VALUES: Record<CustomerColumn, SQL> = {
  fullName: fullNameExpression,
  serviceAddress: sql`${properties.serviceAddress}`,
  customerId: sql`${properties.accountNumber}`,
  marketName: sql`${properties.marketName}`,
  statusName: nameOf(sql`${properties.status}`, CUSTOMER_STATUSES),
  crew: sql`${properties.crew}`,
  city: sql`${properties.city}`,
  state: sql`${properties.state}`,
  zipcode: sql`${properties.zipcode}`,
  lat: sql`${properties.lat}`,
  lng: sql`${properties.lng}`,
  subtotalMowing: roundedToCents(propertyPrices.subtotalMowing),
  taxRate: roundedToCents(properties.taxRate),
  calculatedTax: roundedToCents(propertyPrices.calculatedTax),
  totalMowing: roundedToCents(propertyPrices.totalMowing),
  userEdit: personName(properties.lastEditedBy, properties.lastEditedByName),
  userNote: personName(properties.lastNoteBy, properties.lastNoteByName),
  // As `cardTypeName`: none on file is an e-check; a code without a name is 'Not registered'.
  cardTypeName: sql`(case when ${properties.cardType} is null then ${E_CHECK_LABEL} else ${labelOf(
    sql`${properties.cardType}`,
    CARD_TYPES,
    sql`${UNKNOWN_CARD_LABEL}`,
  )} end)`,
  mowCut: sql`array_to_string(${properties.mowCut}, ', ')`,
  contactNumber: sql`${properties.customerPhone}`,
  email: sql`${properties.customerEmail}`,
  frecuencyName: nameOf(sql`${properties.srvFrequency}`, FREQUENCIES),
  // As `paymentTypeLabel`: none on file (or an unknown code) reads as E-Check, as the Billing info tab shows it.
  paymentType: labelOf(sql`${properties.paymentType}`, PAYMENT_TYPES, sql`${PAYMENT_TYPES[PAYMENT_TYPE.eCheck]}`),
};

/** `to_char` picture of a number with `decimals` places: no padding (FM), a 0 before the point. */
const numberPicture = (decimals: number) => `FM999999999990.${'0'.repeat(decimals)}`;

/**
 * A number with fixed decimals, as JavaScript's toFixed writes it: to_char rounds the double exactly, as toFixed
 * does (they differ only on an exact binary tie, e.g. 30.0078125, which toFixed rounds up and to_char to even).
 * Not-a-number and infinities are empty, as `formatCell` leaves them.
 */
function fixed(value: SQL, decimals: number): SQL {
  return sql`(case when ${value}::float8 in ('NaN', 'Infinity', '-Infinity') then null else to_char(${value}::float8, ${numberPicture(decimals)}) end)`;
}

/**
 * Text as `csvCell` writes it: a leading formula character gets an apostrophe, and an empty text is NULL (COPY writes
 * an empty non-null text as `""`, the row writer as nothing).
 */
function text(value: SQL): SQL {
  const starts = sql.join(
    FORMULA_START_CHARACTERS.map((character) => sql`${character}`),
    sql`, `,
  );
  return sql`(case when left(${value}, 1) in (${starts}) then '''' || ${value} else nullif(${value}, '') end)`;
}

/** A column's value formatted by its kind, as `formatCell` (and `csvCell` for text) do. */
function formatted(column: ExportColumn<unknown>, value: SQL): SQL {
  switch (column.kind) {
    case 'text':
      return text(value);
    case 'integer':
      return sql`(${value})::text`;
    case 'money':
      return fixed(value, 2);
    case 'decimal':
      if (column.decimals === undefined) return sql`(${value})::text`;
      return fixed(value, column.decimals);
  }
}

/**
 * The export's CSV bytes as PostgreSQL writes them, header first: the selection's rows in the list's order, with the
 * list's filters and 400s (`planExport`), the chosen columns under their labels.
 */
export function customerExportCsv(
  db: Database,
  selection: CustomerExportSelection,
  select?: readonly CustomerColumn[],
): AsyncGenerator<Buffer> {
  const plan = planExport(selection);
  const columns = customerExportColumns(select);
  const fields = Object.fromEntries(
    columns.map((column, index) => [
      `c${index}`,
      formatted(column as ExportColumn<unknown>, VALUES[column.key as CustomerColumn]).as(column.label),
    ]),
  );
  const query = selectListRows(db, fields, plan.where)
    .orderBy(...plan.orderBy)
    .toSQL();
  return copyCsv(db, query);
}
