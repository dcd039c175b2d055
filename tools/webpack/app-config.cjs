// One webpack + Module Federation setup for the three apps: swc for TS/TSX, swc minifier,
// shared singletons with caret ranges so a remote can redeploy with newer patches.
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const Minimizer = require('minimizer-webpack-plugin');

const root = path.resolve(__dirname, '../..');
const version = (pkg) => require(require.resolve(`${pkg}/package.json`, { paths: [root] })).version;

/** Shared once across shell and remotes: one React, one router, one store, one API client and session. */
function shared() {
  const libs = ['react', 'react-dom', '@platform/routing', '@reduxjs/toolkit', 'react-redux', 'styled-components'];
  const entries = libs.map((name) => [name, { singleton: true, requiredVersion: `^${version(name)}` }]);
  entries.push(['@platform/api-client', { singleton: true, requiredVersion: `^${version('@platform/api-client')}` }]);
  return Object.fromEntries(entries);
}

/**
 * The chunks every first load needs (the async bootstrap and the shared libraries the entry provides) are
 * asked for by main.js only after it ran; preload hints in the page fetch them alongside it instead.
 * Chunks behind a later import() (the store selector's map) are left to load when used.
 */
class PreloadStartupChunks {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunks', (data) => {
        const files = new Set();
        for (const entry of compilation.entrypoints.values()) {
          for (const group of entry.getChildren()) for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
        }
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : compilation.outputOptions.publicPath;
        data.headTags.push(...[...files].sort().map((file) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${publicPath}${file}` })));
        return data;
      });
    });
  }
}

/**
 * @param {{ dir: string, name: string, exposes?: Record<string,string>, html?: boolean, publicDir?: string }} app
 */
function appConfig(app) {
  const isRemote = Boolean(app.exposes);
  return (_env, argv) => ({
    mode: argv.mode ?? 'production',
    entry: './src/index.ts',
    context: app.dir,
    devtool: argv.mode === 'development' ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(app.dir, 'dist'),
      publicPath: isRemote ? 'auto' : '/',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: app.name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // react-router's package exports point every bundler at its development build (dev warnings on); a
      // production build takes the production one.
      alias: (argv.mode ?? 'production') === 'production' ? { 'react-router$': path.join(path.dirname(require.resolve('react-router/package.json', { paths: [root] })), 'dist/production/index.mjs') } : {},
    },
    module: {
      rules: [
        // Library stylesheets (leaflet) come in as text; the importing component puts them in a <style>.
        { test: /\.css$/, type: 'asset/source' },
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' } },
          },
        },
      ],
    },
    optimization: {
      minimizer: [new Minimizer({ minify: Minimizer.swcMinify })],
      // The shell's first load: the shared libraries (each its own chunk by default) and our libs come as one
      // file, since every start needs them all and each extra request costs a round trip on HTTP/1.1.
      // Leaflet stays apart: it loads only when the store selector's map opens.
      ...(app.html ? { splitChunks: { cacheGroups: { startup: { test: /[\\/](libs|node_modules[\\/](?!leaflet[\\/]))/, name: 'startup', chunks: 'async', enforce: true, priority: 20 } } } } : {}),
    },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name: app.name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes: app.exposes, manifest: true } : { remotes: {} }),
        shared: shared(),
        dts: false,
      }),
      ...(app.html ? [new HtmlWebpackPlugin({ template: path.join(app.dir, 'src/index.html') }), new PreloadStartupChunks()] : []),
      ...(app.publicDir ? [new CopyPlugin({ patterns: [{ from: app.publicDir, to: '.' }] })] : []),
    ],
  });
}

module.exports = { appConfig };
