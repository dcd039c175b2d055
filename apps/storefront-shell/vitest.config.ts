import { readFile } from 'node:fs/promises';
import { defineProject, type Plugin } from 'vitest/config';

const AS_TEXT = '.as-text';

/**
 * Stylesheets come in as a default-exported string, as webpack's asset/source gives them
 * (tools/webpack/app-config.cjs; src/assets.d.ts). The resolved id gets a suffix so Vite's own CSS handling
 * leaves it alone.
 */
function cssAsText(): Plugin {
  return {
    name: 'css-as-text',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('.css')) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `\0${resolved.id}${AS_TEXT}` : null;
    },
    async load(id) {
      if (!id.startsWith('\0') || !id.endsWith(`.css${AS_TEXT}`)) return null;
      return `export default ${JSON.stringify(await readFile(id.slice(1, -AS_TEXT.length), 'utf8'))};`;
    },
  };
}

// Component tests of the shell's screens (Testing Library on happy-dom; docs/TESTING.md). The libs resolve as
// workspace packages (main: src/index.ts) and are compiled like the app's own files.
export default defineProject({
  plugins: [cssAsText()],
  test: {
    name: 'storefront-shell',
    environment: 'happy-dom',
    // fetch needs an absolute address: '/api/...' resolves against this page.
    environmentOptions: { happyDOM: { url: 'http://localhost/' } },
    include: ['src/**/*.test.tsx'],
    testTimeout: 15000, // three test files run at once (root vitest.config.ts): a busy machine is slower
  },
});
