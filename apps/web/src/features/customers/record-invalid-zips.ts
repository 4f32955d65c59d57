import { createContext, useContext } from 'react';

/** The zips a look-up on the record screen failed for, and how a tab adds the ones it found. */
export type RecordInvalidZips = {
  invalidZips: readonly string[];
  addInvalidZips: (zipcodes: readonly string[]) => void;
};

export const RecordInvalidZipsContext = createContext<RecordInvalidZips | null>(null);

/**
 * The record screen's invalid zips: a zip whose look-up failed in any tab (the service zip's service area, the billing
 * zip's city and state) is invalid in the billing zip too, even after the tab that found it has closed.
 */
export function useRecordInvalidZips(): RecordInvalidZips {
  const zips = useContext(RecordInvalidZipsContext);
  if (!zips) throw new Error('useRecordInvalidZips needs a <RecordInvalidZipsProvider> above it');
  return zips;
}
