import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import { passwordHashOf } from '../../modules/auth/auth.service';
import type { Database } from '../client';
import { properties, users } from '../schema';

const FIRST_NAMES = ['Luis', 'Miguel', 'Jose', 'Juan', 'Diego', 'Andres', 'Mateo', 'Javier', 'Oscar', 'Raul'];
const LAST_NAMES = ['Hernandez', 'Lopez', 'Martinez', 'Gonzalez', 'Perez', 'Sanchez', 'Torres', 'Flores', 'Rivera'];

/**
 * Gives every crew number the demo properties use a crew user, so the Crew members page, the crew payments upload
 * and the crew's day page have a crew behind each number. Their password is unusable until they choose one through
 * "Forgot your password?" (only the demo crew user of DEMO_USERS has the published demo password). Does nothing for
 * a crew number that already has a crew user.
 */
export async function seedDemoCrews(db: Database): Promise<number> {
  const crewUsers = db
    .select({ crewNumber: sql<number>`${users.crewNumber}` })
    .from(users)
    .where(and(eq(users.role, 'crew'), isNotNull(users.crewNumber)));
  const missing = await db
    .selectDistinct({ crew: sql<number>`${properties.crew}` })
    .from(properties)
    .where(and(isNotNull(properties.crew), notInArray(properties.crew, crewUsers)))
    .orderBy(properties.crew);
  if (missing.length === 0) return 0;
  const passwordHash = await passwordHashOf('');
  await db
    .insert(users)
    .values(
      missing.map(({ crew }) => ({
        email: `crew${crew}@example.com`,
        firstName: FIRST_NAMES[crew % FIRST_NAMES.length] ?? 'Crew',
        lastName: LAST_NAMES[crew % LAST_NAMES.length] ?? String(crew),
        role: 'crew' as const,
        crewNumber: crew,
        passwordHash,
      })),
    )
    .onConflictDoNothing();
  return missing.length;
}
