/*
 * The embedded server's superuser does, on every start, the few things only it may do, so that the app itself can
 * connect as an ordinary role: a bug or an injected statement in the app then cannot read files off the machine, run
 * programs (COPY ... PROGRAM), change the server's settings or touch other databases.
 */
import pg from 'pg';
import type { Logger } from '../logger';

export type AppDatabase = {
  /** The login role the app connects as: it owns its database and everything in it, and is not a superuser. */
  role: string;
  password: string;
  database: string;
  /** Extensions the migrations use: creating one may need a superuser. */
  extensions: readonly string[];
};

type SuperuserUrlFor = (database: string) => string;

/**
 * The superuser password of clusters created before passwords were generated: the same in every install, so anyone
 * on the machine could open them. Kept only to recognise and replace it.
 */
const LEGACY_SUPERUSER_PASSWORD = 'postgres';

/** invalid_password (28P01): the server refused the password. */
function isInvalidPassword(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '28P01';
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'lawn-setup' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Makes sure the superuser's password is `password` (the one kept in `passwordFile`). A cluster created by an older
 * version still has the fixed legacy password: it is replaced here. The file is written before the password is
 * changed, so a crash in between is repaired by the next start (the legacy password still opens the server).
 */
export async function ensureSuperuserPassword(
  superuserUrl: (password: string) => string,
  password: string,
  passwordFile: string,
  log: Logger,
): Promise<void> {
  try {
    await withClient(superuserUrl(password), async () => undefined);
    return;
  } catch (error) {
    if (!isInvalidPassword(error)) throw error;
  }
  try {
    await withClient(superuserUrl(LEGACY_SUPERUSER_PASSWORD), async (client) => {
      await client.query(`alter role current_user with password ${client.escapeLiteral(password)}`);
    });
  } catch (error) {
    if (!isInvalidPassword(error)) throw error;
    throw new Error(
      `The embedded PostgreSQL refuses the superuser password kept in ${passwordFile}: restore that file from a ` +
        'backup of DATA_DIR, or delete the database folder beside it to start afresh.',
      { cause: error },
    );
  }
  log.warn(
    { passwordFile },
    'replaced the fixed superuser password of the embedded PostgreSQL by a generated one, kept in DATA_DIR',
  );
}

/**
 * Creates the app's role (or makes sure it is an ordinary role with the password kept in DATA_DIR) and its database,
 * owned by that role; then, in that database, the extensions the migrations need, and hands over to the app's role
 * whatever the superuser owns there: an older version connected as the superuser, so its tables, the migration
 * journal and the job queue belong to the superuser. Safe to run again: each step does only what is missing.
 */
export async function prepareAppDatabase(superuserUrlFor: SuperuserUrlFor, app: AppDatabase, log: Logger) {
  await withClient(superuserUrlFor('postgres'), async (client) => {
    const role = client.escapeIdentifier(app.role);
    const attributes = `login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${client.escapeLiteral(app.password)}`;
    const { rowCount: hasRole } = await client.query('select 1 from pg_roles where rolname = $1', [app.role]);
    await client.query(`${hasRole ? 'alter' : 'create'} role ${role} with ${attributes}`);

    const database = client.escapeIdentifier(app.database);
    const { rowCount: hasDatabase } = await client.query('select 1 from pg_database where datname = $1', [
      app.database,
    ]);
    await client.query(
      hasDatabase ? `alter database ${database} owner to ${role}` : `create database ${database} owner ${role}`,
    );
  });

  await withClient(superuserUrlFor(app.database), async (client) => {
    for (const extension of app.extensions) {
      await client.query(`create extension if not exists ${client.escapeIdentifier(extension)}`);
    }
    const handedOver = await handOverOwnership(client, app.role);
    if (handedOver > 0) {
      log.info({ role: app.role, objects: handedOver }, 'the app role now owns the tables the superuser owned');
    }
  });
}

/** Schemas of the app and its libraries: all but PostgreSQL's own. */
const APP_SCHEMAS = `
  select oid, nspname from pg_namespace
   where nspname not in ('pg_catalog', 'information_schema')
     and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'`;

/** Whether the object (`classid`, `objid`) belongs to an extension: those stay with the extension's owner. */
const isExtensionMember = (catalog: string, oid: string) =>
  `exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

/**
 * One ALTER ... OWNER statement per object the connected superuser owns in the app's schemas. The bootstrap
 * superuser's objects cannot be handed over with REASSIGN OWNED, so each is named. Indexes, and sequences that
 * belong to a column (serial, identity), follow their table.
 */
const HAND_OVER_STATEMENTS = `
  with app_schemas as (${APP_SCHEMAS})
  select format('alter schema %I owner to %I', s.nspname, $1::text) as statement
    from app_schemas s join pg_namespace n on n.oid = s.oid
   where n.nspowner = current_user::regrole
  union all
  select format('alter %s %s owner to %I',
                case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
                               when 'f' then 'foreign table' else 'table' end,
                c.oid::regclass, $1::text)
    from pg_class c join app_schemas s on s.oid = c.relnamespace
   where c.relowner = current_user::regrole
     and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
     and not ${isExtensionMember('pg_class', 'c.oid')}
     and not (c.relkind = 'S' and exists (
           select 1 from pg_depend d
            where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.refclassid = 'pg_class'::regclass
              and d.deptype in ('a', 'i')))
  union all
  select format('alter type %s owner to %I', t.oid::regtype, $1::text)
    from pg_type t join app_schemas s on s.oid = t.typnamespace
   where t.typowner = current_user::regrole
     and (t.typtype in ('e', 'd', 'r')
          or (t.typtype = 'c' and exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind = 'c')))
     and not ${isExtensionMember('pg_type', 't.oid')}
  union all
  select format('alter routine %s owner to %I', p.oid::regprocedure, $1::text)
    from pg_proc p join app_schemas s on s.oid = p.pronamespace
   where p.proowner = current_user::regrole
     and p.prokind in ('f', 'p')
     and not ${isExtensionMember('pg_proc', 'p.oid')}`;

/** Hands what the superuser owns in the app's schemas over to `role`, in one transaction; answers how many. */
async function handOverOwnership(client: pg.Client, role: string): Promise<number> {
  const { rows } = await client.query<{ statement: string }>(HAND_OVER_STATEMENTS, [role]);
  if (rows.length === 0) return 0;
  await client.query('begin');
  try {
    for (const { statement } of rows) await client.query(statement);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  return rows.length;
}
