import type { IsoDate } from '@lawn/shared';
import type { Executor } from '../../db/client';
import { vaultInstruments, type InstrumentBehaviour } from './vault.schema';

/** What the demo data says of a property's card or account, under its token: never a number. */
export type DemoInstrument = {
  token: string;
  kind: 'card' | 'bank';
  cardType: number | null;
  lastFour: string;
  expiry: IsoDate | null;
  behaviour: InstrumentBehaviour;
};

/** Rows per INSERT: six parameters each, well inside PostgreSQL's 65,535. */
const CHUNK = 2000;

/**
 * Keeps the instruments of generated data (the demo properties, the bench's book) in bulk under the tokens the data
 * already carries, so the local gateway can charge them; a token it holds already is left as it is. Only for generated
 * data: everywhere else an instrument is made by `tokenize*` from a number the browser encrypted.
 */
export async function keepDemoInstruments(db: Executor, instruments: readonly DemoInstrument[]): Promise<void> {
  for (let start = 0; start < instruments.length; start += CHUNK) {
    await db
      .insert(vaultInstruments)
      .values(instruments.slice(start, start + CHUNK))
      .onConflictDoNothing({ target: vaultInstruments.token });
  }
}
