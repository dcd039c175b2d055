import { runService } from '@platform/server-kit';
import { ordersService } from './index';

// Runs this service alone; the gateway mounts the same plugin in the embedded default.
await runService({ name: 'orders', services: [ordersService], defaultPort: Number(process.env.PORT ?? 4014) });
