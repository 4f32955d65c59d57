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
