import type { Role } from '@lawn/shared';

export const DEMO_PASSWORD = 'demo-password';

export type DemoUser = { email: string; firstName: string; lastName: string; role: Role; crewNumber?: number };

/** One sign-in per role, printed by `npm start` so anyone can try each view. */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@example.com', firstName: 'Alex', lastName: 'Morgan', role: 'Admin' },
  { email: 'manager@example.com', firstName: 'Maria', lastName: 'Garcia', role: 'Manager' },
  { email: 'representative@example.com', firstName: 'Ryan', lastName: 'Brooks', role: 'Representative' },
  { email: 'service@example.com', firstName: 'Sofia', lastName: 'Ramirez', role: 'customer-service' },
  { email: 'crew@example.com', firstName: 'Carlos', lastName: 'Diaz', role: 'crew', crewNumber: 101 },
];

/**
 * The customer web account of the demo: one demo customer (the first with a property in service) gets this address
 * and a web account with the demo password, to try /web/login and the customer's own payment pages.
 */
export const DEMO_CUSTOMER_EMAIL = 'customer@example.com';

/**
 * The Texas markets; 8.25 % is the combined Texas sales-tax rate in these cities. The office phones use the 555-01xx
 * range, which is reserved for fiction and never rings anyone. Each depot (where route order starts and ends a crew's
 * day) is a point near the city's centre, named as a yard would be.
 */
export const DEMO_MARKETS: readonly {
  name: string;
  taxRate: number;
  timeZone: string;
  phone: string;
  depotLat: number;
  depotLng: number;
  depotAddress: string;
}[] = [
  {
    name: 'Dallas',
    taxRate: 8.25,
    timeZone: 'America/Chicago',
    phone: '2145550140',
    depotLat: 32.7767,
    depotLng: -96.797,
    depotAddress: 'Dallas crew yard',
  },
  {
    name: 'Fort Worth',
    taxRate: 8.25,
    timeZone: 'America/Chicago',
    phone: '8175550141',
    depotLat: 32.7555,
    depotLng: -97.3308,
    depotAddress: 'Fort Worth crew yard',
  },
  {
    name: 'Austin',
    taxRate: 8.25,
    timeZone: 'America/Chicago',
    phone: '5125550142',
    depotLat: 30.2672,
    depotLng: -97.7431,
    depotAddress: 'Austin crew yard',
  },
  {
    name: 'San Antonio',
    taxRate: 8.25,
    timeZone: 'America/Chicago',
    phone: '2105550143',
    depotLat: 29.4241,
    depotLng: -98.4936,
    depotAddress: 'San Antonio crew yard',
  },
];
