// `npm run us-zips -w apps/api`: writes us-zips.tsv again from the zipcodes package (after upgrading it).
import { writeFileSync } from 'node:fs';
import { usZipLines } from './us-zips.source';

writeFileSync(new URL('./us-zips.tsv', import.meta.url), `${usZipLines().join('\n')}\n`);
