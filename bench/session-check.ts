/**
 * Session check benchmark (issue 9): what the live-session check costs, which every authenticated request makes
 * because an access token carries its session (the refresh-token family) and an ended session must refuse it at once.
 * The target is under 1 ms.
 *
 *   npx tsx bench/session-check.ts [--families 20000] [--checks 500]
 *
 * Database: its own embedded PostgreSQL in .data/bench-sessions on port 54334 (DATA_DIR / EMBEDDED_PG_PORT, or
 * DATABASE_URL), filled once with 1,000 users and --families sign-ins: most with 1 to 10 refresh tokens, one in 50 a
 * long-lived session of 500 to 1,000 rotations (a month of a working day's refreshes), a quarter of them revoked.
 *
 * Scenarios, each on --checks different sessions chosen at random after 50 warm-up checks:
 * - SQL (client): the auth repo's `isLiveRefreshFamily`, timed from the client, for live sessions and for revoked ones
 *   (a revoked long session is the worst case: its index entries are all visited); and the statement the access check
 *   runs since it reads the user and the session in one (the users repo's `prepareFindSessionUser`).
 * - EXPLAIN: `EXPLAIN (ANALYZE)` execution time of the same statement, i.e. the time inside PostgreSQL.
 * - API: `GET /api/me` through `app.inject` with a token of a live session: routing, token check, session check, user
 *   load and serialisation, for the whole request's share.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { REPO_ROOT } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import { createMailer } from '../apps/api/src/mail/mailer';
import { isLiveRefreshFamily } from '../apps/api/src/modules/auth/auth.repo';
import { prepareFindSessionUser } from '../apps/api/src/modules/users/users.repo';
import { signAccessToken } from '../apps/api/src/tokens/access-token';
import { option, runMain } from './lib/cli';
import { withBenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { loadAverage, percentile, thousands, timeEach } from './lib/stats';

const WARMUP = 50;
/** Two decimals: the figures sit well under a millisecond. */
const ms = (value: number) => value.toFixed(2);
const USERS = 1000;

type Session = { familyId: string; userId: number };

/** Fills the users and sign-ins once; a database that already holds them is reused. */
async function ensureSessions(db: Database, families: number): Promise<void> {
  const [existing] = (
    await db.execute<{ total: number }>(sql`select count(distinct family_id)::int as total from refresh_tokens`)
  ).rows;
  if ((existing?.total ?? 0) >= families) return;
  process.stdout.write(`creating ${thousands(families)} sessions...\n`);
  await db.execute(sql`
    insert into users (first_name, last_name, email, password_hash, role)
    select 'Bench', 'User ' || i, 'bench-session-' || i || '@example.com', 'not-a-hash', 'Manager'
    from generate_series(1, ${USERS}) i
    on conflict do nothing`);
  await db.execute(sql`
    with bench_users as (select array_agg(id order by id) as ids from users where email like 'bench-session-%'),
    families as (
      select gen_random_uuid() as family_id, (select ids[1 + (i % ${USERS})] from bench_users) as user_id,
        case when i % 50 = 0 then 500 + (i * 7) % 501 else 1 + i % 10 end as length,
        i % 4 = 0 as is_revoked
      from generate_series(1, ${families}) i
    )
    insert into refresh_tokens (user_id, family_id, token_hash, expires_at, used_at, revoked_at)
    select user_id, family_id, md5(family_id::text || ':' || step), now() + interval '30 days',
      case when step < length then now() end, case when is_revoked then now() end
    from families, generate_series(1, length) step`);
  await db.execute(sql`vacuum (analyze) refresh_tokens`);
}

async function sample(db: Database, isRevoked: boolean, count: number): Promise<Session[]> {
  const result = await db.execute<Session>(sql`
    select family_id as "familyId", user_id as "userId" from refresh_tokens
    group by family_id, user_id
    having bool_and(revoked_at is not null) = ${isRevoked}
    order by random() limit ${count}`);
  return result.rows;
}

/** Long revoked sessions first: the check's worst case. */
async function longRevokedSessions(db: Database, count: number): Promise<Session[]> {
  const result = await db.execute<Session>(sql`
    select family_id as "familyId", user_id as "userId" from refresh_tokens
    group by family_id, user_id
    having bool_and(revoked_at is not null) and count(*) >= 500
    order by random() limit ${count}`);
  return result.rows;
}

async function explainMs(db: Database, session: Session): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': string }>(sql`
    explain (analyze, format text) select id from refresh_tokens
    where family_id = ${session.familyId} and user_id = ${session.userId} and revoked_at is null limit 1`);
  const line = result.rows.map((row) => row['QUERY PLAN']).find((text) => text.startsWith('Execution Time'));
  return Number(/([\d.]+) ms/.exec(line ?? '')?.[1] ?? NaN);
}

async function main(): Promise<void> {
  const families = Number(option('families', '20000'));
  const checks = Number(option('checks', '500'));
  const options = { poolSize: 4, dataDir: path.join(REPO_ROOT, '.data', 'bench-sessions'), port: 54_334 };
  await withBenchDatabase(options, async (bench) => {
    const { db, config, log } = bench;
    await ensureSessions(db, families);
    const [rows] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from refresh_tokens`)).rows;

    const lines: string[] = [];
    const record = (name: string, times: number[]) => {
      lines.push(`| ${name} | ${times.length} | **${ms(percentile(times, 0.5))}** | ${ms(percentile(times, 0.95))} |`);
      process.stdout.write(`${lines.at(-1)}\n`);
    };
    const check = (session: Session) => isLiveRefreshFamily(db, session.familyId, session.userId);
    const live = await sample(db, false, checks + WARMUP);
    const revoked = await sample(db, true, checks + WARMUP);
    const longRevoked = await longRevokedSessions(db, checks + WARMUP);

    record('SQL (client), live session', await timeEach(live, WARMUP, check));
    record('SQL (client), revoked session', await timeEach(revoked, WARMUP, check));
    record('SQL (client), revoked session of 500+ tokens', await timeEach(longRevoked, WARMUP, check));
    const findSessionUser = prepareFindSessionUser(db);
    const checkWithUser = (session: Session) => findSessionUser(session.familyId, session.userId);
    record('SQL (client), user and live session in one statement', await timeEach(live, WARMUP, checkWithUser));
    record('SQL (client), user and revoked session of 500+ tokens', await timeEach(longRevoked, WARMUP, checkWithUser));
    const explained = async (sessions: Session[]) => {
      const times: number[] = [];
      for (const session of sessions.slice(WARMUP)) times.push(await explainMs(db, session));
      return times;
    };
    record('EXPLAIN, live session', await explained(live));
    record('EXPLAIN, revoked session of 500+ tokens', await explained(longRevoked));

    const outbox = path.join(options.dataDir, 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: outbox, log });
    const app = await buildApp({
      config: { ...config, webDist: path.join(options.dataDir, 'no-web') },
      db,
      jobs: { enqueue: async () => 'bench' },
      mailer,
      logger: log,
    });
    try {
      await app.ready();
      const tokens = await Promise.all(
        live.map((session) =>
          signAccessToken(
            { userId: session.userId, role: 'Manager', sessionId: session.familyId },
            config.jwtSecret,
            config.accessTokenTtlSeconds,
          ),
        ),
      );
      record(
        'API, GET /api/me (whole request)',
        await timeEach(tokens, WARMUP, async (token) => {
          const response = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
          if (response.statusCode !== 200) throw new Error(`/api/me: ${response.statusCode} ${response.body}`);
        }),
      );
    } finally {
      await app.close();
      mailer.close();
    }

    printResults(
      `Session check, ${resultsDate()}, ${thousands(rows?.total ?? 0)} refresh tokens in ${thousands(families)} sessions, load average ${loadAverage()}`,
      ['| scenario | checks | median ms | p95 ms |', '|---|---:|---:|---:|'],
      lines,
    );
  });
}

runMain(main);
