const path = require('node:path');
const { appConfig } = require('../../tools/webpack/app-config.cjs');

module.exports = appConfig({ dir: __dirname, name: 'shell', html: true, publicDir: path.join(__dirname, 'public') });
