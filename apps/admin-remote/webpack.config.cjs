const { appConfig } = require('../../tools/webpack/app-config.cjs');

module.exports = appConfig({ dir: __dirname, name: 'admin', exposes: { './routes': './src/admin-area.tsx' } });
