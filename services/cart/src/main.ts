import { runService } from '@platform/server-kit';
import { cartService } from './index';

// Runs this service alone; the gateway mounts the same plugin in the embedded default.
await runService({ name: 'cart', services: [cartService], defaultPort: Number(process.env.PORT ?? 4013) });
