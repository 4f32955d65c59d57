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
 * range, which is reserved for fiction and never rings anyone.
 */
export const DEMO_MARKETS: readonly { name: string; taxRate: number; timeZone: string; phone: string }[] = [
  { name: 'Dallas', taxRate: 8.25, timeZone: 'America/Chicago', phone: '2145550140' },
  { name: 'Fort Worth', taxRate: 8.25, timeZone: 'America/Chicago', phone: '8175550141' },
  { name: 'Austin', taxRate: 8.25, timeZone: 'America/Chicago', phone: '5125550142' },
  { name: 'San Antonio', taxRate: 8.25, timeZone: 'America/Chicago', phone: '2105550143' },
];
