import { defineConfig, devices } from '@playwright/test';

// Journeys against the production build, served the way npm start serves it, except that each remote
// comes from its own origin (ports 4301/4302) through manifest URLs the shell reads at run time.
const PORT = 4300;
const IMAGE_SITE_PORT = 4304;
const IMAGE_SITE = `http://127.0.0.1:${IMAGE_SITE_PORT}`;
const HOSTS = ['localhost', 'demo-paint.localhost', 'demo-hardware.localhost'];
const mongo = new URL(process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27118/platform');
mongo.pathname = '/e2e';
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './e2e/.results',
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.data/test-reports/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`, trace: 'retain-on-failure',
    // The cookie notice is accepted, the day's promo pop-up counted as seen and the first visit's store question
    // answered up front (all cover the page); their own journeys start without them.
    storageState: {
      cookies: HOSTS.map((domain) => ({ name: 'poweredby', value: '1', domain, path: '/', expires: Math.floor(Date.now() / 1000) + 86400, httpOnly: false, secure: false, sameSite: 'Lax' as const })),
      origins: HOSTS.map((host) => ({ origin: `http://${host}:${PORT}`, localStorage: [
        { name: 'promoPopup', value: JSON.stringify({ slug: null, expires: Date.now() + 86400_000 }) }, { name: 'showLocationPopup', value: '0' },
      ] })),
    },
  },
  projects: [{
    name: 'debian-chromium',
    use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args } },
  }],
  webServer: [
    { command: 'node tools/static-server.mjs apps/checkout-remote/dist 4301', url: 'http://127.0.0.1:4301/mf-manifest.json', reuseExistingServer: false },
    { command: 'node tools/static-server.mjs apps/admin-remote/dist 4302', url: 'http://127.0.0.1:4302/mf-manifest.json', reuseExistingServer: false },
    { command: 'node tools/static-server.mjs apps/checkout-remote/dist 4303', url: 'http://127.0.0.1:4303/mf-manifest.json', reuseExistingServer: false },
    // 'Another site' for Add image by address: its pictures, on loopback, which only the test allowance below lets the gateway fetch.
    { command: `node tools/static-server.mjs e2e/fixtures/images ${IMAGE_SITE_PORT}`, url: `${IMAGE_SITE}/supplier-shop-front.png`, reuseExistingServer: false },
    {
      command: 'node --import tsx tools/seed/seed.ts --reset && node --import tsx services/gateway/src/main.ts',
      url: `http://127.0.0.1:${PORT}/readyz`,
      reuseExistingServer: false,
      // Seeding takes most of it; a busy machine may need longer (E2E_SERVER_TIMEOUT_MS).
      timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 60_000),
      env: {
        PORT: String(PORT), HOST: 'localhost', MONGODB_URI: mongo.toString(), REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6480',
        REMOTE_CHECKOUT_URL: 'http://127.0.0.1:4301/mf-manifest.json', REMOTE_ADMIN_URL: 'http://127.0.0.1:4302/mf-manifest.json',
        // The journey that moves the checkout remote to a second origin (4303) needs the page to allow it.
        CSP_SCRIPT_ORIGINS: 'http://127.0.0.1:4303',
        // Test-only (docs/UPLOADS.md): the image fetch may reach this one loopback origin; never set on a server.
        IMAGE_FETCH_ALLOW_LOOPBACK_ORIGINS: IMAGE_SITE,
        LOG_LEVEL: 'warn', QUERY_GUARD: '1', ...(process.env.STRIPE_API_BASE ? { STRIPE_API_BASE: process.env.STRIPE_API_BASE } : {}),
        ...(process.env.EASYPOST_API_URL ? { EASYPOST_API_URL: process.env.EASYPOST_API_URL } : {}),
        ...(process.env.DOITBEST_API_URL ? { DOITBEST_API_URL: process.env.DOITBEST_API_URL } : {}),
        ...(process.env.EMERY_API_URL ? { EMERY_API_URL: process.env.EMERY_API_URL } : {}),
      },
    },
  ],
});
