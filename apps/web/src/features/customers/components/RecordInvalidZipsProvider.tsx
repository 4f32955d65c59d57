import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { RecordInvalidZipsContext, type RecordInvalidZips } from '../record-invalid-zips';

/** Keeps the zips found invalid while the record screen is open, across its tabs and the records it steps through. */
export function RecordInvalidZipsProvider({ children }: { children: ReactNode }) {
  const [invalidZips, setInvalidZips] = useState<readonly string[]>([]);
  const addInvalidZips = useCallback((zipcodes: readonly string[]) => {
    setInvalidZips((known) => {
      const added = zipcodes.filter((zipcode) => !known.includes(zipcode));
      return added.length === 0 ? known : [...known, ...added];
    });
  }, []);
  const value = useMemo<RecordInvalidZips>(() => ({ invalidZips, addInvalidZips }), [invalidZips, addInvalidZips]);
  return <RecordInvalidZipsContext value={value}>{children}</RecordInvalidZipsContext>;
}
