// Reads the server errors the app logged during the scan: every one is an input a client could send that answered
// 500, whether or not a scanner reported it (wapiti reports a parameter once, sqlmap only counts status codes).
import { existsSync, readFileSync } from 'node:fs';

const ERROR_LEVEL = 50;

/** Server errors in the app's JSON log, grouped by error: [{ count, error }], most frequent first. */
export function serverErrorsIn(logFile) {
  if (!existsSync(logFile)) return [];
  const groups = new Map();
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof entry.level !== 'number' || entry.level < ERROR_LEVEL) continue;
    groups.set(describe(entry), (groups.get(describe(entry)) ?? 0) + 1);
  }
  return [...groups].map(([error, count]) => ({ count, error })).sort((a, b) => b.count - a.count);
}

/** Where the error was raised in the app's own code and why, without the values that were sent. */
function describe(entry) {
  const err = entry.err ?? {};
  const message = String(err.message ?? entry.msg ?? '');
  // A failed query's message is "Failed query: <sql>\nparams: <values>: <PostgreSQL's reason>".
  const queryPrefix =
    typeof err.query === 'string' && Array.isArray(err.params)
      ? `Failed query: ${err.query}\nparams: ${err.params}: `
      : '';
  const reason =
    queryPrefix && message.startsWith(queryPrefix) ? message.slice(queryPrefix.length) : message.split('\n')[0];
  const frame = /at (?:async )?(\S+) \(.*?apps\/api\/src\/([^:)]+:\d+)/.exec(String(err.stack ?? ''));
  const where = frame ? ` in ${frame[2]} (${frame[1]})` : '';
  return `${err.type ?? 'error'}${where}: ${reason.slice(0, 120)}`;
}
