import type { ReferralMarket } from '@lawn/shared';
import { useCallback, useRef, useState } from 'react';
import * as drafts from './referral-draft';
import type { DraftMarket, ReferralFields, SentRows } from './referral-draft';

/**
 * The page's edit mode and its pending changes. Edit starts from the markets as read; every change stays here until
 * Update; Cancel (or a successful Update) drops them. A refused Update keeps them all, with the server's message at
 * each row it named.
 */
export function useReferralDraft() {
  const [draft, setDraft] = useState<DraftMarket[] | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const nextKey = useRef(0);
  const newKey = useCallback((kind: string) => {
    nextKey.current += 1;
    return `new-${kind}-${nextKey.current}`;
  }, []);

  const change = useCallback((apply: (current: DraftMarket[]) => DraftMarket[]) => {
    setDraft((current) => (current ? apply(current) : current));
  }, []);

  return {
    draft,
    isEditing: draft !== null,
    hasChanges: draft !== null && drafts.hasPendingChanges(draft),
    rowErrors,
    start: useCallback((markets: readonly ReferralMarket[]) => setDraft(drafts.draftOf(markets)), []),
    stop: useCallback(() => {
      setDraft(null);
      setRowErrors({});
    }, []),
    showRefusals: useCallback(
      (errors: Record<string, string>, rows: SentRows) => setRowErrors(drafts.rowMessages(errors, rows)),
      [],
    ),
    addMarket: (name: string) => change((current) => drafts.addMarket(current, newKey('market'), name)),
    renameMarket: (key: string, name: string) => change((current) => drafts.renameMarket(current, key, name)),
    deleteMarket: (key: string) => change((current) => drafts.deleteMarket(current, key)),
    addReferral: (marketKey: string, fields: ReferralFields) =>
      change((current) => drafts.addReferral(current, marketKey, newKey('referral'), fields)),
    editReferral: (marketKey: string, key: string, fields: ReferralFields) =>
      change((current) => drafts.editReferral(current, marketKey, key, fields)),
    deleteReferral: (marketKey: string, key: string) =>
      change((current) => drafts.deleteReferral(current, marketKey, key)),
  };
}
