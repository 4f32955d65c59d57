import {
  addDays,
  PICK_LIST_SEED,
  SEASON_WEEK_COLORS,
  SERVICE_COLORS,
  weekRange,
  type Calendar,
  type CalendarWeek,
  type CustomerDetail,
  type CustomerListRow,
  type Page,
  type PickListOption,
  type Report,
  type ServiceNote,
} from '@lawn/shared';

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
    mowCut: ['Front', 'Back'],
    weekDay: 2,
    srvFrecuency: 1,
    frecuencyName: 'Weekly',
    cardType: 4,
    cardTypeName: 'Visa',
    isCardExpired: false,
    paymentType: 1,
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
    isServiceAddressManual: false,
    serviceDate: '2026-03-02',
    joinDate: '2026-02-20',
    costService: 45,
    lotSize: 'Medium',
    turfSize: 5200,
    billingLotSize: null,
    useCornerLot: false,
    lotReview: null,
    mapsco: null,
    mapA: null,
    mapscoGrid: null,
    communityCode: null,
    gateCode: null,
    mowCut: ['Front', 'Back'],
    sendSchedule: null,
    futureCancel: null,
    cardLastFour: '4242',
    cardExpiry: '12/2027',
    paymentType: 1,
    billingName: null,
    billingAddress: null,
    billingZipCode: null,
    billingCity: null,
    billingState: null,
    poBoxEnabled: false,
    billingPoBox: null,
    billingPoBoxCity: null,
    billingPoBoxState: null,
    billingPoBoxZipcode: null,
    conditionSpanish: null,
    requestSpanish: null,
    conditionSpanishTranslation: null,
    requestSpanishTranslation: null,
    about: null,
    aboutOption: null,
    referralCode: null,
    csr: null,
    csrName: null,
    optReviews: [],
    bbNotes: null,
    createdAt: '2026-02-20T16:30:00Z',
    deletedAt: null,
    winterScheduleStatus: [],
    version: 1,
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

type WeekOverrides = Partial<Omit<CalendarWeek, 'customer'>> & { customer?: Partial<CalendarWeek['customer']> };

/** One week of a property's calendar with its real dates; `isActive` gives it a Tuesday service. */
export function calendarWeek(
  year: number,
  week: number,
  isActive = false,
  overrides: WeekOverrides = {},
): CalendarWeek {
  const { start, end } = weekRange(year, week);
  const status = overrides.status ?? (week === 1 ? 'start' : 'regular');
  return {
    week,
    start,
    end,
    status,
    current: { active: false, color: SERVICE_COLORS.current },
    holidays: [],
    winter: { active: status === 'winter', color: SEASON_WEEK_COLORS.winter },
    todo: { active: false },
    ...overrides,
    customer: {
      active: isActive,
      color: isActive ? SERVICE_COLORS.service : SEASON_WEEK_COLORS[status],
      workday: isActive ? addDays(start, 1) : null,
      message: null,
      typeServiceNote: null,
      isRegularService: isActive,
      ...overrides.customer,
    },
  };
}

/**
 * A calendar of `weekCount` weeks of `year`: odd weeks have a service, even weeks do not (a bi-weekly property).
 * `weeks` replaces single weeks by number.
 */
export function calendar(
  options: Partial<Omit<Calendar, 'data'>> & { weekCount?: number; weeks?: CalendarWeek[] } = {},
): Calendar {
  const { year = 2026, weekCount = 8, weeks = [], ...rest } = options;
  const data = Array.from({ length: weekCount }, (_, index) => {
    const week = index + 1;
    return weeks.find((replacement) => replacement.week === week) ?? calendarWeek(year, week, week % 2 === 1);
  });
  return { year, years: [2025, 2026, 2027], filter: 'all', hasWinter: false, ...rest, data };
}

export function serviceNote(overrides: Partial<ServiceNote> = {}): ServiceNote {
  return {
    id: 1,
    type: 'skip',
    year: 2026,
    week: 3,
    workday: '2026-03-10',
    count: 1,
    firstName: 'Ana',
    lastName: 'Flores',
    message: 'Customer on vacation',
    createdAt: '2026-03-09T15:00:00Z',
    ...overrides,
  };
}

/** GET /api/picklists of one list, as the migration fills the table. */
export function pickList(picklistId: number): Page<PickListOption> {
  return page(
    PICK_LIST_SEED.filter((option) => option.picklistId === picklistId).map((option, index) => ({
      id: picklistId * 100 + index,
      ...option,
    })),
  );
}
