import type { PropertyData, UsState } from '@lawn/shared';
import { and, asc, count, eq, isNotNull, isNull, like, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countyRecords, properties, states, streetKeyOf, streetOf } from '../../db/schema';
import { escapeLike, type ListQuery, type ListResult } from '../../http/list-query';

export async function listStates(db: Executor, query: ListQuery): Promise<ListResult<UsState>> {
  const [counted] = await db.select({ total: count() }).from(states).where(query.where);
  const total = counted?.total ?? 0;
  if (query.render === 'count') return { render: 'count', total };
  const rows = await db
    .select({ id: states.id, code: states.code, name: states.name, isActive: states.isActive })
    .from(states)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
  return { render: 'paginate', total, rows };
}

/** An address the business serves, as its property records it. */
export type KnownAddress = {
  serviceAddress: string;
  zipcode: string;
  city: string;
  state: string;
  lat: number | null;
  lng: number | null;
};

/** A street the business serves in a zip code: the street part of one of its addresses, as written there. */
export type KnownStreet = { street: string; zipcode: string; city: string; state: string };

const live = isNull(properties.deletedAt);
const streetKey = streetKeyOf(properties.serviceAddress);
const startsWith = (expression: typeof streetKey, text: string) =>
  like(expression, `${escapeLike(text.toLowerCase())}%`);

/** What a known address answers: the address as the business keeps it, and where it is. */
const knownAddressColumns = {
  serviceAddress: properties.serviceAddress,
  zipcode: properties.zipcode,
  city: properties.city,
  state: properties.state,
  lat: properties.lat,
  lng: properties.lng,
};

/**
 * Live properties whose address starts with the text, in address order (properties_list_address_idx serves the prefix
 * and the order, properties_zipcode_address_idx once the zip is known). Duplicates of one address are left for the caller to merge: asking for them with DISTINCT would
 * sort every match instead of stopping after `limit`.
 */
export async function knownAddressesStartingWith(
  db: Executor,
  text: string,
  zipcode: string | undefined,
  limit: number,
): Promise<KnownAddress[]> {
  return db
    .select(knownAddressColumns)
    .from(properties)
    .where(
      and(
        live,
        startsWith(sql`lower(${properties.serviceAddress})`, text),
        zipcode ? eq(properties.zipcode, zipcode) : undefined,
      ),
    )
    .orderBy(sql`lower(${properties.serviceAddress})`)
    .limit(limit);
}

/**
 * Streets of live properties whose name starts with the text (all streets of the zip when the text is empty), one row
 * per street and zip code, in street order: properties_street_key_idx, or properties_zipcode_street_key_idx once the
 * zip is known, serves both the prefix and the DISTINCT ON, which stops after `limit` groups.
 */
export async function knownStreetsStartingWith(
  db: Executor,
  text: string,
  zipcode: string | undefined,
  limit: number,
): Promise<KnownStreet[]> {
  return db
    .selectDistinctOn([streetKey, properties.zipcode], {
      street: sql<string>`${streetOf(properties.serviceAddress)}`,
      zipcode: properties.zipcode,
      city: properties.city,
      state: properties.state,
    })
    .from(properties)
    .where(and(live, startsWith(streetKey, text), zipcode ? eq(properties.zipcode, zipcode) : undefined))
    .orderBy(streetKey, properties.zipcode)
    .limit(limit);
}

/** The property at exactly this address (any case), with its position, when the business serves it. */
export async function findKnownAddress(
  db: Executor,
  address: string,
  zipcode: string | undefined,
): Promise<KnownAddress | null> {
  const [row] = await db
    .select(knownAddressColumns)
    .from(properties)
    .where(
      and(
        live,
        eq(sql`lower(${properties.serviceAddress})`, address.toLowerCase()),
        zipcode ? eq(properties.zipcode, zipcode) : undefined,
        isNotNull(properties.lat),
        isNotNull(properties.lng),
      ),
    )
    .orderBy(asc(properties.id))
    .limit(1);
  return row ?? null;
}

export async function findCountyRecord(db: Executor, zipcode: string, key: string): Promise<PropertyData | null> {
  const [row] = await db
    .select({ owner: countyRecords.ownerName, size: countyRecords.lotSize, pvalue: countyRecords.assessedValue })
    .from(countyRecords)
    .where(and(eq(countyRecords.zipcode, zipcode), eq(countyRecords.addressKey, key)));
  return row ?? null;
}
