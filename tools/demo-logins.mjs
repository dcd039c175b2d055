// Demo sign-ins written by tools/seed and printed by npm start; the browser tests use them too.
export const DEMO_LOGINS = [
  { tenant: 'demo-hardware', email: 'admin@demo-hardware.test', password: 'DemoAdmin#2026', role: 'admin' },
  { tenant: 'demo-hardware', email: 'shopper@demo-hardware.test', password: 'DemoShopper#2026', role: 'customer', phone: '5035550142' },
  { tenant: 'demo-paint', email: 'admin@demo-paint.test', password: 'DemoAdmin#2026', role: 'admin' },
];
