// The local stand-ins of the suppliers' drop-ship APIs (services/cart/src/drop-ship-stand-ins.ts: Do it Best and
// Emery) as one process on one port, to try supplier shipping by hand and for the scripts (npm start, npm test, the
// journeys): start it, start the store with DOITBEST_API_URL and EMERY_API_URL set to the addresses it prints, and
// connect any member/customer number and key (e.g. 12345 / dib-local-key) under Orders › Shipping labels. Loopback
// only; state in memory.
// Usage: node --import tsx tools/drop-ship-stand-ins.ts [--port 12262]      (docs/SHIPPING-LABELS.md)
import { startDropShipStandIns } from '../services/cart/src/drop-ship-stand-ins';

const at = process.argv.indexOf('--port');
const { doitbest, emery } = await startDropShipStandIns({ port: at > 0 ? Number(process.argv[at + 1]) : 12262 });
console.log(`[drop-ship-stand-ins] listening: DOITBEST_API_URL=${doitbest.url} EMERY_API_URL=${emery.url}`);
const stop = () => { void doitbest.close().then(() => process.exit(0)); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
