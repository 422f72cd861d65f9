#!/usr/bin/env node
/**
 * Adds up the records of the randomized offline journeys (issue #12): one JSON line per finished
 * sequence, appended by tests/e2e/offline-journeys.spec.ts when OFFLINE_RECORD is set (the soak,
 * `npm run test:offline-soak`, writes .tmp/offline-soak.jsonl). A soak stopped part-way (a session
 * ending, a machine needed for something else) keeps every sequence it finished, and several
 * records — different seeds, same build — add up to one soak.
 *
 *   node scripts/drills/offline-soak-summary.mjs [record.jsonl …]
 *
 * Exits 1 when any sequence lost or duplicated a change, or showed a different screen or
 * selection, or broke while settling.
 */
import { readFileSync } from 'node:fs';
import { readCli } from '../lib/cli.mjs';

const USAGE = 'usage: node scripts/drills/offline-soak-summary.mjs [record.jsonl …]';
const { positionals } = readCli(USAGE, { allowPositionals: true });
const files = positionals.length ? positionals : ['.tmp/offline-soak.jsonl'];
const records = files.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => ({ file, ...JSON.parse(line) })),
);

const sum = (key) => records.reduce((n, r) => n + (r[key] ?? 0), 0);
const bad = (r) => r.lost || r.duplicated || r.screenMismatches || r.selectionMismatches || r.error;
const seconds = records.map((r) => r.seconds).sort((a, b) => a - b);
const first = records.map((r) => r.at).sort()[0];
const last = records
  .map((r) => r.at)
  .sort()
  .at(-1);

const summary = {
  sequences: records.length,
  steps: sum('steps'),
  lost: sum('lost'),
  duplicated: sum('duplicated'),
  screenMismatches: sum('screenMismatches'),
  selectionMismatches: sum('selectionMismatches'),
  sequencesWithAStepNotDriven: records.filter((r) => r.stepError).length,
  errors: records.filter((r) => r.error).length,
  browserSecondsTotal: Math.round(sum('seconds')),
  secondsPerSequence: { min: seconds[0], median: seconds[Math.floor(seconds.length / 2)], max: seconds.at(-1) },
  seeds: [...new Set(records.map((r) => r.seed))],
  /** Client builds (index.html + sw.js hash; records from older builds of the soak carry none). */
  builds: Object.fromEntries(
    [...new Set(records.map((r) => r.build ?? 'unrecorded'))].map((b) => [
      b,
      records.filter((r) => (r.build ?? 'unrecorded') === b).length,
    ]),
  ),
  firstFinished: first,
  lastFinished: last,
};
console.log(JSON.stringify(summary, null, 2));
for (const r of records.filter((r) => bad(r) || r.stepError)) {
  console.log(`--- OFFLINE_SEED=${r.seed} OFFLINE_PATH=${r.path}: ${r.commands}`);
  console.log(
    `    lost ${r.lost}, duplicated ${r.duplicated}, screen ${r.screenMismatches}, selection ${r.selectionMismatches}` +
      `${r.stepError ? `, step not driven: ${r.stepError}` : ''}${r.error ? `, error: ${r.error}` : ''}`,
  );
  for (const d of r.details ?? []) console.log(`    ${d}`);
}
process.exit(records.some(bad) ? 1 : 0);
