import {
  calendarDateIn,
  CALENDAR_MESSAGES,
  defaultCalendarYear,
  isValidWeek,
  TODO_MESSAGES,
  type Actor,
  type Todo,
  type TodoPatch,
} from '@lawn/shared';
import type { Database } from '../../db/client';
import { TODO_WEEK_UNIQUE_INDEX } from '../../db/schema';
import { isUniqueViolation } from '../../db/pg-errors';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordPropertyChange, requireLiveRecord } from '../customers/customers.service';
import * as repo from './todos.repo';

function toTodo({ todo, userName }: repo.TodoRow): Todo {
  return {
    id: todo.id,
    year: todo.year,
    week: todo.week,
    text: todo.text,
    done: todo.done,
    version: todo.version,
    user: todo.userId === null ? null : { id: todo.userId, fullName: userName ?? '' },
    updatedAt: todo.updatedAt.toISOString(),
  };
}

const describe = (todo: { year: number; week: number; text: string; done: boolean }) =>
  `to-do of week ${todo.week} of ${todo.year}${todo.done ? ' (done)' : ''}: ${todo.text}`;

/**
 * A property's to-dos: staff's reminders, one a week, open until marked done. An open to-do marks its week on the
 * calendar (`todo.active`, see calendar.weeks.ts). Every change goes into the record's history.
 */
export function createTodosService({ db, clock }: { db: Database; clock: () => Date }) {
  return {
    /** The to-dos of a mow year (default: the current one), by week. */
    async list(propertyId: number, query: { year?: number }): Promise<Todo[]> {
      await requireLiveRecord(db, propertyId);
      const year = query.year ?? defaultCalendarYear(calendarDateIn(clock()));
      return (await repo.listTodos(db, propertyId, year)).map(toTodo);
    },

    /**
     * Sets the to-do of one week. Without a version it adds the week's to-do (409 when the week has one already);
     * with one it changes the to-do from that version (409 when someone changed it meanwhile, 404 when there is none).
     * A change that changes nothing writes nothing.
     */
    async save(propertyId: number, patch: TodoPatch, actor: Actor): Promise<Todo> {
      const { year, week, text, done, version } = patch;
      if (!isValidWeek(year, week)) {
        const message = CALENDAR_MESSAGES.weekNotInYear(week, year);
        throw badRequest(message, { week: [message] });
      }
      try {
        const todoId = await db.transaction(async (tx) => {
          await requireLiveRecord(tx, propertyId);
          const current = await repo.lockWeekTodo(tx, propertyId, year, week);
          if (version === undefined) {
            if (current) throw conflict(TODO_MESSAGES.weekTaken, { week: [TODO_MESSAGES.weekTaken] });
            const added = await repo.insertTodo(tx, { propertyId, year, week, text, done, userId: actor.id });
            await recordPropertyChange(tx, {
              propertyId,
              actor,
              action: 'todo',
              description: `Added ${describe(patch)}`,
              changes: { [`todo.${added.id}`]: { from: null, to: { year, week, text, done } } },
              isEdit: true,
            });
            return added.id;
          }
          if (!current) throw notFound(TODO_MESSAGES.notFound);
          if (current.version !== version) throw conflict(TODO_MESSAGES.stale);
          if (current.text === text && current.done === done) return current.id;
          await repo.updateTodo(tx, current.id, { text, done, userId: actor.id });
          await recordPropertyChange(tx, {
            propertyId,
            actor,
            action: 'todo',
            description: `Changed ${describe(current)} to ${describe(patch)}`,
            changes: {
              [`todo.${current.id}`]: { from: { text: current.text, done: current.done }, to: { text, done } },
            },
            isEdit: true,
          });
          return current.id;
        });
        const saved = await repo.findTodo(db, todoId);
        if (!saved) throw notFound(TODO_MESSAGES.notFound);
        return toTodo(saved);
      } catch (error) {
        // Two adds for one week at once: the unique index lets one through.
        if (isUniqueViolation(error, TODO_WEEK_UNIQUE_INDEX)) {
          throw conflict(TODO_MESSAGES.weekTaken, { week: [TODO_MESSAGES.weekTaken] });
        }
        throw error;
      }
    },
  };
}

export type TodosService = ReturnType<typeof createTodosService>;
