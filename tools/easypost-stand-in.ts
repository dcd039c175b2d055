// The local stand-in of EasyPost's API (services/cart/src/testing.ts) as a process, to try shipping labels by hand
// without an EasyPost account: start it, start the store with EASYPOST_API_URL set to the address it prints, and
// connect any key (e.g. EZTKlocal1234) under Orders › Shipping labels. Loopback only; state is kept in memory.
// Usage: node --import tsx tools/easypost-stand-in.ts [--port 12260]      (docs/SHIPPING-LABELS.md)
import { startEasyPostStandIn } from '../services/cart/src/testing';

const at = process.argv.indexOf('--port');
const standIn = await startEasyPostStandIn({ port: at > 0 ? Number(process.argv[at + 1]) : 12260 });
console.log(`[easypost-stand-in] listening: EASYPOST_API_URL=${standIn.url}`);
const stop = () => { void standIn.close().then(() => process.exit(0)); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
