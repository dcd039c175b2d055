// Demo sign-ins written by tools/seed and printed by npm start; the browser tests use them too.
export const DEMO_LOGINS = [
  { tenant: 'demo-hardware', email: 'admin@demo-hardware.test', password: 'DemoAdmin#2026', role: 'admin' },
  { tenant: 'demo-hardware', email: 'shopper@demo-hardware.test', password: 'DemoShopper#2026', role: 'customer', phone: '5035550142' },
  // A sub-account of the hardware store's owner: orders yes, product settings (search synonyms) no.
  { tenant: 'demo-hardware', email: 'staff@demo-hardware.test', password: 'DemoStaff#2026', role: 'staff', permissions: ['view_offline_orders', 'view_emails'] },
  { tenant: 'demo-paint', email: 'admin@demo-paint.test', password: 'DemoAdmin#2026', role: 'admin' },
];
