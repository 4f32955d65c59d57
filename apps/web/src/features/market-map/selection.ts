/**
 * The selection after a stop is clicked: with multi-select on the stop toggles in or out of it; off, the stop
 * replaces it (clicking the only selected stop again clears it).
 */
export function nextSelection(selected: ReadonlySet<number>, id: number, isMulti: boolean): Set<number> {
  if (!isMulti) return selected.size === 1 && selected.has(id) ? new Set() : new Set([id]);
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The stops whose address, city or zip code contains the search text (any case); all of them for a blank search. */
export function matchingStops<T extends { serviceAddress: string; city: string; zipcode: string }>(
  stops: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...stops];
  return stops.filter((stop) => `${stop.serviceAddress} ${stop.city} ${stop.zipcode}`.toLowerCase().includes(needle));
}
