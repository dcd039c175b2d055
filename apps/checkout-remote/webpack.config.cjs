const { appConfig } = require('../../tools/webpack/app-config.cjs');

module.exports = appConfig({ dir: __dirname, name: 'checkout', exposes: { './routes': './src/checkout-area.tsx' } });
