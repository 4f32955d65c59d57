import type { ReferralChanges, ReferralMarket, ReferralType } from '@lawn/shared';

/**
 * The referral pages hold every change locally until Update, which sends them all at once. This is that local copy:
 * the markets and referrals as read, each marked with what the person did to it. Pure functions, so the page's hook
 * only keeps the state.
 */
export type PendingStatus = 'saved' | 'new' | 'changed' | 'deleted';

/** Every field a referral of either page has; the fields of the other page stay ''. */
export type ReferralFields = Omit<ReferralType, 'id' | 'customerReferralId' | 'version'>;

export type DraftReferral = {
  key: string;
  id: number | null;
  version: number;
  status: PendingStatus;
  fields: ReferralFields;
};
export type DraftMarket = {
  key: string;
  id: number | null;
  version: number;
  status: PendingStatus;
  name: string;
  referrals: DraftReferral[];
};

export const EMPTY_REFERRAL_FIELDS: ReferralFields = {
  service: '',
  name: '',
  phone: '',
  comment: '',
  secondChoice: '',
  secondPhone: '',
  secondComment: '',
  website: '',
};

/** The fields each page shows and sends, in the order of its table's columns. */
export const PAGE_FIELDS = {
  active: ['service', 'name', 'phone', 'comment', 'secondChoice', 'secondPhone', 'secondComment'],
  noResign: ['name', 'phone', 'website'],
} as const satisfies Record<string, readonly (keyof ReferralFields)[]>;

export const FIELD_LABELS: Record<keyof ReferralFields, string> = {
  service: 'Service',
  name: 'Name',
  phone: 'Phone',
  comment: 'Comment',
  secondChoice: 'Second choice',
  secondPhone: 'Second phone',
  secondComment: 'Second comment',
  website: 'Website',
};

export const pageFields = (isResign: boolean) => (isResign ? PAGE_FIELDS.noResign : PAGE_FIELDS.active);

const savedKey = (kind: 'market' | 'referral', id: number) => `${kind}-${id}`;

export function draftOf(markets: readonly ReferralMarket[]): DraftMarket[] {
  return markets.map((market) => ({
    key: savedKey('market', market.id),
    id: market.id,
    version: market.version,
    status: 'saved',
    name: market.name,
    referrals: market.types.map(({ id, customerReferralId: _market, version, ...fields }) => ({
      key: savedKey('referral', id),
      id,
      version,
      status: 'saved',
      fields,
    })),
  }));
}

/** A change to something saved marks it changed; something new stays new. */
const changed = (status: PendingStatus): PendingStatus => (status === 'saved' ? 'changed' : status);

const updateMarket = (draft: DraftMarket[], key: string, change: (market: DraftMarket) => DraftMarket | null) =>
  draft.flatMap((market) => {
    if (market.key !== key) return [market];
    const next = change(market);
    return next ? [next] : [];
  });

export const addMarket = (draft: DraftMarket[], key: string, name: string): DraftMarket[] => [
  ...draft,
  { key, id: null, version: 0, status: 'new', name, referrals: [] },
];

export const renameMarket = (draft: DraftMarket[], key: string, name: string): DraftMarket[] =>
  updateMarket(draft, key, (market) => ({ ...market, name, status: changed(market.status) }));

/** A new market simply goes; a saved one is marked deleted (with its referrals) until Update. */
export const deleteMarket = (draft: DraftMarket[], key: string): DraftMarket[] =>
  updateMarket(draft, key, (market) => (market.status === 'new' ? null : { ...market, status: 'deleted' }));

export const addReferral = (
  draft: DraftMarket[],
  marketKey: string,
  key: string,
  fields: ReferralFields,
): DraftMarket[] =>
  updateMarket(draft, marketKey, (market) => ({
    ...market,
    referrals: [...market.referrals, { key, id: null, version: 0, status: 'new', fields }],
  }));

function updateReferral(
  draft: DraftMarket[],
  marketKey: string,
  key: string,
  change: (referral: DraftReferral) => DraftReferral | null,
): DraftMarket[] {
  return updateMarket(draft, marketKey, (market) => ({
    ...market,
    referrals: market.referrals.flatMap((referral) => {
      if (referral.key !== key) return [referral];
      const next = change(referral);
      return next ? [next] : [];
    }),
  }));
}

export const editReferral = (draft: DraftMarket[], marketKey: string, key: string, fields: ReferralFields) =>
  updateReferral(draft, marketKey, key, (referral) => ({ ...referral, fields, status: changed(referral.status) }));

export const deleteReferral = (draft: DraftMarket[], marketKey: string, key: string) =>
  updateReferral(draft, marketKey, key, (referral) =>
    referral.status === 'new' ? null : { ...referral, status: 'deleted' },
  );

/** Where each sent row came from: the draft key of `markets[i]` and of `types[i]`, to put a refusal at its row. */
export type SentRows = { markets: string[]; types: string[] };

function pick(fields: ReferralFields, isResign: boolean): Partial<ReferralFields> {
  return Object.fromEntries(pageFields(isResign).map((field) => [field, fields[field]]));
}

/**
 * The one batch Update sends: every pending change and nothing else. A deleted market takes its referrals with it,
 * so nothing is sent for them.
 */
export function changesOf(
  draft: readonly DraftMarket[],
  isResign: boolean,
): { changes: ReferralChanges; rows: SentRows } {
  const markets: NonNullable<ReferralChanges['markets']> = [];
  const types: Record<string, unknown>[] = [];
  const rows: SentRows = { markets: [], types: [] };
  for (const market of draft) {
    if (market.status === 'new') markets.push({ op: 'create', key: market.key, name: market.name });
    if (market.status === 'changed' && market.id !== null) {
      markets.push({ op: 'update', id: market.id, version: market.version, name: market.name });
    }
    if (market.status === 'deleted' && market.id !== null) {
      markets.push({ op: 'delete', id: market.id, version: market.version });
    }
    if (market.status !== 'saved') rows.markets.push(market.key);
    if (market.status === 'deleted') continue;
    for (const referral of market.referrals) {
      const fields = pick(referral.fields, isResign);
      if (referral.status === 'new') types.push({ op: 'create', market: market.id ?? market.key, ...fields });
      else if (referral.id === null || referral.status === 'saved') continue;
      else if (referral.status === 'changed') {
        types.push({ op: 'update', id: referral.id, version: referral.version, ...fields });
      } else types.push({ op: 'delete', id: referral.id, version: referral.version });
      rows.types.push(referral.key);
    }
  }
  // The referrals' fields are the page's own (pageFields), which the schema of that page checks again on the server.
  return { changes: { isResign, markets, types } as ReferralChanges, rows };
}

export const hasPendingChanges = (draft: readonly DraftMarket[]): boolean =>
  draft.some((market) => market.status !== 'saved' || market.referrals.some((referral) => referral.status !== 'saved'));

const FIELD_PATH = /^(markets|types)\.(\d+)(?:\.(\w+))?$/;

/**
 * The server's refusals by the row they name (`types.2.phone` is the third referral sent), each as the message to
 * show at that row, with the field's label when a field is named.
 */
export function rowMessages(errors: Record<string, string>, rows: SentRows): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = FIELD_PATH.exec(path);
    if (!match) continue;
    const [, list, index, field] = match as unknown as [string, 'markets' | 'types', string, string | undefined];
    const key = rows[list][Number(index)];
    if (key === undefined) continue;
    const label = field !== undefined && field in FIELD_LABELS ? FIELD_LABELS[field as keyof ReferralFields] : null;
    const text = label ? `${label}: ${message}` : message;
    messages[key] = messages[key] ? `${messages[key]} ${text}` : text;
  }
  return messages;
}
