import { runService } from '@platform/server-kit';
import { catalogueService } from './index';

// Runs this service alone; the gateway mounts the same plugin in the embedded default.
await runService({ name: 'catalogue', services: [catalogueService], defaultPort: Number(process.env.PORT ?? 4012) });
