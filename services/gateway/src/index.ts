import type { ServicePlugin } from '@platform/server-kit';
import { catalogueService } from '@platform/catalogue';
import { tenantSettingsService } from '@platform/tenant-settings';
import { cartService } from '@platform/cart';
import { ordersService } from '@platform/orders';
import { identityService } from '@platform/identity';

/** Every service area, mounted in-process under /api in the embedded default. */
export const allServices: ServicePlugin[] = [tenantSettingsService, catalogueService, cartService, identityService, ordersService];
export { staticSite } from './static';
