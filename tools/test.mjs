#!/usr/bin/env node
// npm test: provision like npm start (fresh test data on its own ports), then typecheck, lint, build,
// unit + service tests (Vitest, real FerretDB/MongoDB and Redis), browser journeys (Playwright, Debian Chromium)
// and the API fuzz (Schemathesis).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium, ensureNpmDependencies, root, startBackingServices } from './provision.mjs';

const started = Date.now();
ensureNpmDependencies();
const chromium = ensureChromium();
const reports = path.join(root, '.data/test-reports');
rmSync(reports, { recursive: true, force: true }); // a report left by an earlier run must not be counted
mkdirSync(reports, { recursive: true });

const services = await startBackingServices({
  profile: 'test', freshData: true,
  mongoPort: Number(process.env.TEST_MONGO_PORT ?? 27118), redisPort: Number(process.env.TEST_REDIS_PORT ?? 6480),
  stripePort: Number(process.env.TEST_STRIPE_PORT ?? 12220),
});
const env = {
  ...process.env, MONGODB_URI: services.mongoUri, REDIS_URL: services.redisUrl, CHROMIUM_PATH: chromium,
  ...(services.stripeUrl && { STRIPE_API_BASE: services.stripeUrl }), EASYPOST_API_URL: services.easyPostUrl, ...services.dropShipUrls,
  NX_DAEMON: 'false', NX_NO_CLOUD: 'true', CI: process.env.CI ?? 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  QUERY_GUARD: '1', // a request-path query on a growing collection not by _id fails its test (docs/DATA-ACCESS.md)
};

/**
 * The steps in stages; a stage's steps run at the same time: the typecheck beside lint and build (2-core
 * machines). The API fuzz runs after the browser journeys, not beside them: even at the lowest CPU priority it
 * slowed them from 12 to 18 minutes (they share FerretDB and Redis), more than it saved.
 * A step beside the first of its stage keeps its output until it ends, so the logs do not interleave.
 */
const stages = [
  [['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    // The module-boundary rule reads Nx's cached project graph and is skipped without it (a fresh clone).
    [['project graph', 'npx', ['nx', 'show', 'projects']],
      ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
      ['build', 'npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static']]]],
  [['unit and service tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'vitest.json')}`]]],
  [['browser journeys', 'npx', ['playwright', 'test']]],
  [['API fuzz (Schemathesis)', 'node', ['tools/api-fuzz.mjs']]],
];

// TEST_STEPS=vitest,browser runs only the steps whose names contain one of the words (to rerun a flaky step)
const only = process.env.TEST_STEPS?.split(',').map((w) => w.trim()).filter(Boolean);
const wanted = ([name]) => !only || only.some((w) => name.includes(w));
const results = [];

/** Runs one step; `quiet` keeps its output until it ends. Resolves when it has ended. */
function runStep([name, cmd, args], quiet) {
  console.log(`\n[test] ${name}: ${cmd} ${args.join(' ')}${quiet ? ' (at the same time; its output follows when it ends)' : ''}`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    let output = '';
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (d) => { output += d; });
    child.on('close', (status) => {
      if (quiet) console.log(`\n[test] ${name} (ran at the same time) said:\n${output}`);
      results.push({ name, ok: status === 0, seconds: (Date.now() - t0) / 1000 });
      resolve();
    });
  });
}
/** A stage's entry: one step, or a list run one after another. */
const runEntry = async (entry, quiet) => {
  for (const step of Array.isArray(entry[0]) ? entry : [entry]) if (wanted(step)) await runStep(step, quiet);
};
for (const stage of stages) await Promise.all(stage.map((entry, i) => runEntry(entry, i > 0)));
await services.stop();

function count(file, read) {
  try { return existsSync(file) ? read(JSON.parse(readFileSync(file, 'utf8'))) : { passed: 0, failed: 0 }; } catch { return { passed: 0, failed: 0 }; }
}
const vitest = count(path.join(reports, 'vitest.json'), (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
const browser = count(path.join(reports, 'playwright.json'), (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + (r.stats.flaky ?? 0) }));

console.log('\n[test] summary');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
console.log(`  Vitest ${vitest.passed} passed, ${vitest.failed} failed; Playwright ${browser.passed} passed, ${browser.failed} failed; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
// CI keeps only the tail of the output: name each failed test here, with the first line of its error
const failures = [];
try {
  const v = JSON.parse(readFileSync(path.join(reports, 'vitest.json'), 'utf8'));
  for (const f of v.testResults) for (const t of f.assertionResults) if (t.status === 'failed') failures.push(`${path.relative(root, f.name)} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
} catch { /* no report */ }
try {
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) if (t.status === 'unexpected' || t.status === 'flaky') failures.push(`${file ?? suite.file} › ${spec.title}: ${firstLine(t.results?.find((r) => r.error)?.error?.message)}`);
    for (const s of suite.suites ?? []) walk(s, file ?? suite.file);
  };
  for (const s of JSON.parse(readFileSync(path.join(reports, 'playwright.json'), 'utf8')).suites ?? []) walk(s);
} catch { /* no report */ }
// The API fuzz's reports: each failing operation with its first check that failed.
for (const who of ['guest', 'shopper', 'admin']) {
  const file = path.join(reports, `api-fuzz-${who}.txt`);
  if (!existsSync(file)) continue;
  const text = readFileSync(file, 'utf8');
  const section = text.includes('=== FAILURES') ? text.slice(text.indexOf('=== FAILURES'), text.indexOf('=== WARNINGS') > 0 ? text.indexOf('=== WARNINGS') : undefined) : '';
  for (const [, operation, body] of section.matchAll(/_{3,} (\S+ \S+) _{3,}\n([\s\S]*?)(?=\n_{3,} |$)/g)) {
    failures.push(`API fuzz as ${who} › ${operation}: ${/- (ST\d+ .*)/.exec(body)?.[1] ?? 'failed'} ${/\n\n\s+(\S.*)\n/.exec(body.slice(body.indexOf('- ST')))?.[1]?.slice(0, 200) ?? ''}`);
  }
}
function firstLine(message) { return String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim())?.slice(0, 300) ?? ''; }
if (failures.length) { console.log('\n[test] failed tests'); for (const f of failures) console.log(`  ${f}`); }
const failedSteps = results.filter((r) => !r.ok).length;
console.log(`tests: ${vitest.passed + browser.passed} passed, ${vitest.failed + browser.failed + (failedSteps && !(vitest.failed + browser.failed) ? failedSteps : 0)} failed`);
process.exit(failedSteps ? 1 : 0);
