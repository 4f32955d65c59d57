import { count } from 'drizzle-orm';
import type { Transaction } from '../client';
import { referralMarkets, referralTypes } from '../schema';

/** A few partners of each kind for two referral markets, so both referral pages show real data on a fresh install. */
const DEMO_REFERRALS = [
  {
    name: 'Dallas',
    isResign: false,
    types: [
      {
        service: 'Pool cleaning',
        name: 'Blue Water Pools',
        phone: '2145550181',
        comment: 'Ask for Mike',
        secondChoice: 'Clear Pool Co.',
        secondPhone: '2145550182',
        secondComment: 'Weekends only',
      },
      { service: 'Tree trimming', name: 'Big D Trees', phone: '2145550183', comment: 'Free estimates' },
      { service: 'Pest control', name: 'No Bugs Dallas', phone: '2145550184' },
    ],
  },
  {
    name: 'Austin',
    isResign: false,
    types: [
      { service: 'Irrigation repair', name: 'Hill Country Sprinklers', phone: '5125550185', comment: '10% off' },
      { service: 'Fence repair', name: 'Capitol Fences', phone: '5125550186' },
    ],
  },
  {
    name: 'Dallas',
    isResign: true,
    types: [
      { name: 'Greenway Lawn', phone: '2145550187', website: 'https://greenway.example.com' },
      { name: 'Prairie Mowers', phone: '2145550188', website: '' },
      { name: 'Lone Star Yards', phone: '2145550189', website: 'www.lonestaryards.example.com' },
    ],
  },
  {
    name: 'Austin',
    isResign: true,
    types: [
      { name: 'Barton Lawn Care', phone: '5125550190', website: 'https://barton.example.com' },
      { name: 'Eastside Mowing', phone: '5125550191' },
    ],
  },
];

/** Inserts the demo referrals into a database that has none; a database with any keeps its own. */
export async function seedDemoReferrals(tx: Transaction): Promise<void> {
  const [existing] = await tx.select({ total: count() }).from(referralMarkets);
  if (existing && existing.total > 0) return;
  for (const { types, ...market } of DEMO_REFERRALS) {
    const [row] = await tx.insert(referralMarkets).values(market).returning({ id: referralMarkets.id });
    if (!row) throw new Error('referral market not inserted');
    await tx.insert(referralTypes).values(types.map((type) => ({ ...type, referralMarketId: row.id })));
  }
}
