import { bigint, customType, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Raw bytes; node-postgres reads bytea as a Buffer and sends a Buffer parameter as bytes. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files kept in the database (report exports, e-mailed schedules; later attachments and photos), so every API process
 * on the database serves every file and the database's backups hold them. A file is found by its storage key
 * (`reports/12/34-march.xlsx`) and its contents are `chunks` rows of `stored_file_chunks`, written and read one chunk
 * at a time so no process ever holds a whole file in memory. Deleting the row deletes its chunks. See ADR 0009.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    key: text('key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    chunks: integer('chunks').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('stored_files_key_idx').on(table.key)],
);

/** One piece of a stored file: `seq` counts from 0; every piece but the last holds the store's full chunk size. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.seq] })],
);
