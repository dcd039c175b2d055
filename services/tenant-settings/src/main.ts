import { runService } from '@platform/server-kit';
import { tenantSettingsService } from './index';

// Runs this service alone; the gateway mounts the same plugin in the embedded default.
await runService({ name: 'tenant-settings', services: [tenantSettingsService], defaultPort: Number(process.env.PORT ?? 4011) });
