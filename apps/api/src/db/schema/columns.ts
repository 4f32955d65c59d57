import { sql, type SQL } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** Every table records when its rows were created and last changed, in UTC with the zone kept. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** `'a', 'b'` for a CHECK constraint built from a shared constant list, so the database and the code agree. */
export function sqlList(values: readonly (string | number)[]): SQL {
  return sql.raw(
    values.map((value) => (typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`)).join(', '),
  );
}
