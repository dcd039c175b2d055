import { runService } from '@platform/server-kit';
import { identityService } from './index';

// Runs this service alone; the gateway mounts the same plugin in the embedded default.
await runService({ name: 'identity', services: [identityService], defaultPort: Number(process.env.PORT ?? 4015) });
