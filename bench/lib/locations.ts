import path from 'node:path';
import { REPO_ROOT } from '../../apps/api/src/config';

/**
 * The benchmarks' own embedded database, apart from the app's: filling it takes minutes, so it is kept. (A module of
 * its own, so a script's child process can name it without loading the database server code.)
 */
export const BENCH_DATA_DIR = path.join(REPO_ROOT, '.data', 'bench');
export const BENCH_PG_PORT = 54_330;
