import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { propertyTodos, users } from '../../db/schema';

export type TodoRecord = typeof propertyTodos.$inferSelect;
/** A to-do with the name of who wrote or last changed it. */
export type TodoRow = { todo: TodoRecord; userName: string | null };

const todoFields = {
  todo: propertyTodos,
  userName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
};

/** A property's to-dos of one mow year, by week. */
export async function listTodos(db: Executor, propertyId: number, year: number): Promise<TodoRow[]> {
  return db
    .select(todoFields)
    .from(propertyTodos)
    .leftJoin(users, eq(users.id, propertyTodos.userId))
    .where(and(eq(propertyTodos.propertyId, propertyId), eq(propertyTodos.year, year)))
    .orderBy(asc(propertyTodos.week));
}

export async function findTodo(db: Executor, todoId: number): Promise<TodoRow | null> {
  const [row] = await db
    .select(todoFields)
    .from(propertyTodos)
    .leftJoin(users, eq(users.id, propertyTodos.userId))
    .where(eq(propertyTodos.id, todoId));
  return row ?? null;
}

/** The to-do of one week of the property, locked for the rest of the transaction (an edit compares its version). */
export async function lockWeekTodo(
  db: Executor,
  propertyId: number,
  year: number,
  week: number,
): Promise<TodoRecord | null> {
  const [row] = await db
    .select()
    .from(propertyTodos)
    .where(and(eq(propertyTodos.propertyId, propertyId), eq(propertyTodos.year, year), eq(propertyTodos.week, week)))
    .for('update');
  return row ?? null;
}

export async function insertTodo(db: Executor, values: typeof propertyTodos.$inferInsert): Promise<TodoRecord> {
  const [row] = await db.insert(propertyTodos).values(values).returning();
  if (!row) throw new Error('to-do not inserted');
  return row;
}

/** Stores the edit, its editor, and moves the to-do to its next version. */
export async function updateTodo(
  db: Executor,
  todoId: number,
  values: { text: string; done: boolean; userId: number },
): Promise<void> {
  await db
    .update(propertyTodos)
    .set({ ...values, version: sql`${propertyTodos.version} + 1` })
    .where(eq(propertyTodos.id, todoId));
}
