#!/usr/bin/env node
// Runs a command with MONGODB_URI, REDIS_URL and STRIPE_API_BASE set, starting the dev FerretDB, Redis and stripe-mock if they are not
// already running (and stopping what it started). Used by `npm run seed` and each project's `test` target.
// Usage: node tools/run-with-services.mjs <command> [args...]
import { spawnSync } from 'node:child_process';
import { startBackingServices } from './provision.mjs';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) { console.error('usage: node tools/run-with-services.mjs <command> [args...]'); process.exit(2); }
// Another port (a second runner beside the usual one) gets a data folder of its own: two FerretDBs writing one folder's
// SQLite files break each other ('no such table: _ferretdb_collections').
const profile = process.env.DEV_MONGO_PORT && process.env.DEV_MONGO_PORT !== '27117' ? `dev-${process.env.DEV_MONGO_PORT}` : 'dev';
const services = await startBackingServices({ profile, mongoPort: Number(process.env.DEV_MONGO_PORT ?? 27117), redisPort: Number(process.env.DEV_REDIS_PORT ?? 6479), stripePort: Number(process.env.DEV_STRIPE_PORT ?? 12219) });
const res = spawnSync(cmd, args, { stdio: 'inherit', env: {
  ...process.env, MONGODB_URI: services.mongoUri, REDIS_URL: services.redisUrl, ...(services.stripeUrl && { STRIPE_API_BASE: services.stripeUrl }), EASYPOST_API_URL: services.easyPostUrl, ...services.dropShipUrls,
} });
await services.stop();
process.exit(res.status ?? 1);
