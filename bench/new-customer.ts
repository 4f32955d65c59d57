/**
 * New-customer creation benchmark (issue 14): median and p95 time of creating one customer through the API
 * (POST /api/customers, the office wizard's Save), against the target of a median under 100 ms.
 *
 *   npx tsx bench/new-customer.ts [--runs 200]
 *
 * Database: its own small embedded PostgreSQL in .data/bench-new-customers on port 54341 (DATA_DIR /
 * EMBEDDED_PG_PORT, or DATABASE_URL), migrated and seeded with the reference data, demo markets, zones and sign-ins
 * (no demo customers: a creation does not read the others).
 *
 * Each call creates a real customer after 20 warm-up ones: routing, access check, body validation, the zone and
 * price-table look-ups, the CSR and e-mail checks, the local gateway saving the card (decrypting its RSA ciphertext),
 * then one transaction writing the customer, the property, two notes, the schedule of the mow year, the history and the
 * Admins' and Managers' notifications. The card numbers are encrypted before the timing, as a browser does.
 */
import path from 'node:path';
import { constants, publicEncrypt } from 'node:crypto';
import { calendarDateIn, nextBusinessDay, type LotSizeTable } from '@lawn/shared';
import { REPO_ROOT } from '../apps/api/src/config';
import { seedDatabase } from '../apps/api/src/db/seed/seed';
import { startBenchApp } from './lib/app';
import { option, runMain } from './lib/cli';
import { withBenchDatabase } from './lib/database';
import { printResults, resultsDate } from './lib/report';
import { loadAverage, ms, percentile, timeEach } from './lib/stats';

const WARMUP = 20;
const DATA_DIR = path.join(REPO_ROOT, '.data', 'bench-new-customers');
const PORT = 54_341;

const encrypt = (publicKey: string, number: string) =>
  publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(number),
  ).toString('base64');

async function main(): Promise<void> {
  const runs = Number(option('runs', '200'));
  await withBenchDatabase({ poolSize: 10, dataDir: DATA_DIR, port: PORT }, async (bench) => {
    await seedDatabase(bench.db, { demoProperties: 0 });
    const server = await startBenchApp(bench);
    const zone = (await server.get('/api/service-zones?limit=1')).json<{
      data: { zipcode: string; marketId: number; city: string; state: string }[];
    }>().data[0];
    const csr = (await server.get('/api/users?filter[role]=customer-service&filter[status]=1&limit=1')).json<{
      data: { id: number }[];
    }>().data[0];
    if (!zone || !csr) throw new Error('the demo zones or customer-service users are missing');
    const tiers = (await server.get(`/api/base-price?marketId=${zone.marketId}`)).json<LotSizeTable>().data;
    const { publicKey } = (await server.get('/api/payments/public-key')).json<{ data: { publicKey: string } }>().data;
    const serviceDate = nextBusinessDay(calendarDateIn(new Date()));
    const stamp = Date.now();

    const requests = Array.from({ length: runs + WARMUP }, (_, index) => ({
      useServiceHousesOccupied: true,
      useServiceHousesScheduled: true,
      zipcode: zone.zipcode,
      serviceAddress: `${100 + index} Bench Street`,
      city: zone.city,
      state: zone.state,
      csrUserId: csr.id,
      about: 1,
      businesslogicId: tiers[index % tiers.length]?.id,
      srvFrecuency: (index % 4) + 1,
      grassOvergrown: index % 5 === 0,
      mowCut: ['Front', 'Back'],
      firstName: 'Bench',
      lastName: `Customer${index}`,
      email: `bench.${stamp}.${index}@example.com`,
      contactNumber: '2145550100',
      isCellphone: true,
      serviceDate,
      weekDay: (index % 5) + 1,
      isCommunityGate: false,
      isBackyardGate: false,
      isFlowerBeds: false,
      isPetsBackyard: false,
      isFencePlastic: false,
      isAboveGroundPool: false,
      isTranpoline: false,
      specialRequest: 'Please close the gate',
      privateNotes: 'Created by the benchmark',
      payment: {
        paymentOption: 0,
        nameOnCard: 'Bench Customer',
        creditCardNumber: encrypt(publicKey, '4242424242424242'),
        cardType: 4,
        creditCardExpirationMonth: 12,
        creditCardExpirationYear: new Date().getFullYear() + 2,
      },
      billing: { isSameAsService: true },
      mailing: { isSameAsService: true },
    }));

    const times = await timeEach(requests, WARMUP, async (payload) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/customers',
        headers: { authorization: server.authorization },
        payload,
      });
      if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
    });
    const line = `| POST /api/customers (office wizard) | ${times.length} | **${ms(percentile(times, 0.5))}** | ${ms(percentile(times, 0.95))} |`;
    process.stdout.write(`${line}\n`);
    printResults(
      `New customer, ${resultsDate()}, load average ${loadAverage()}`,
      ['| scenario | calls | median ms | p95 ms |', '|---|---:|---:|---:|'],
      [line],
    );
    await server.close();
  });
}

runMain(main);
