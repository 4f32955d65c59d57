import type { CustomerDetail, CustomerListRow, Page, Report } from '@lawn/shared';

/** Fake API data shaped exactly like the shared schemas, for component tests. */
export function customerRow(overrides: Partial<CustomerListRow> = {}): CustomerListRow {
  return {
    id: 101,
    customerId: 'A-10101',
    fullName: 'Jo Ray',
    firstName: 'Jo',
    lastName: 'Ray',
    serviceAddress: '12 Elm St',
    city: 'Austin',
    state: 'TX',
    zipcode: '78701',
    lat: 30.2672,
    lng: -97.7431,
    contactNumber: '5125550100',
    email: 'jo@example.com',
    market: 1,
    marketName: 'Austin',
    phoneMarket: null,
    status: 1,
    statusName: 'Active Customer',
    statusOrders: 1,
    crew: 12,
    weekDay: 2,
    srvFrecuency: 1,
    frecuencyName: 'Weekly',
    cardType: 4,
    cardTypeName: 'Visa',
    isCardExpired: false,
    subtotalMowing: 45,
    taxRate: 8.25,
    calculatedTax: 3.71,
    totalMowing: 48.71,
    updatedAt: '2026-11-20T15:00:00Z',
    userEdit: { id: 7, fullName: 'Ana Flores' },
    userNote: null,
    ...overrides,
  };
}

export function customerDetail(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    ...customerRow(),
    customerRecordId: 55,
    isCellphone: true,
    mailPreferences: 1,
    isTranslation: false,
    isRestart: false,
    isApproved: true,
    weekDayName: 'Tuesday',
    serviceDate: '2026-03-02',
    joinDate: '2026-02-20',
    costService: 45,
    lotSize: 'Medium',
    turfSize: 5200,
    billingLotSize: null,
    useCornerLot: false,
    mowCut: ['Front', 'Back'],
    sendSchedule: null,
    futureCancel: null,
    cardLastFour: '4242',
    cardExpiry: '12/2027',
    createdAt: '2026-02-20T16:30:00Z',
    deletedAt: null,
    ...overrides,
  };
}

export function report(overrides: Partial<Report> = {}): Report {
  return {
    id: 1,
    name: 'March customers',
    filename: 'march-customers.xlsx',
    format: 'xlsx',
    status: 'completed',
    rowCount: 120,
    failureReason: null,
    createdAt: '2026-11-21T18:00:00Z',
    completedAt: '2026-11-21T18:00:05Z',
    ...overrides,
  };
}

export function page<T>(data: T[], total = data.length, perPage = 50, currentPage = 1): Page<T> {
  return {
    data,
    total,
    perPage,
    currentPage,
    firstPageUrl: '/api/x?page=1',
    lastPage: Math.max(1, Math.ceil(total / perPage)),
  };
}
