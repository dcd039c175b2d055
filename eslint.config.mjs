import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Module boundaries by Nx tags: apps use libs only (never services); libs never use apps or services;
// web code uses web or isomorphic libs only; isomorphic libs stay free of node and web code.
export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.nx/**', 'e2e/.results/**', 'tools/ferretdb/**', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@nx/enforce-module-boundaries': ['error', {
        enforceBuildableLibDependency: false,
        allow: [],
        depConstraints: [
          { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
          { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
          { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib', 'type:service'] },
          { sourceTag: 'type:worker', onlyDependOnLibsWithTags: ['type:lib', 'type:service'] },
          { sourceTag: 'type:gateway', onlyDependOnLibsWithTags: ['type:lib', 'type:service', 'type:worker'] },
          { sourceTag: 'platform:web', onlyDependOnLibsWithTags: ['platform:web', 'platform:isomorphic'] },
          { sourceTag: 'platform:isomorphic', onlyDependOnLibsWithTags: ['platform:isomorphic'] },
          { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:isomorphic'] },
        ],
      }],
    },
  },
  {
    // Hooks in the same order on every render: one called after an early return crashes the page only on
    // the render that takes the other branch (a screen opened directly, before its data is cached).
    files: ['apps/**/*.tsx', 'libs/**/*.tsx', 'libs/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error' },
  },
  {
    // Module Federation shares @platform/routing (the used part of react-router) once; a direct import
    // would bundle a second router with its own context.
    files: ['apps/**/*.ts', 'apps/**/*.tsx', 'libs/**/*.ts', 'libs/**/*.tsx'],
    ignores: ['libs/routing/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'react-router', message: 'Import routing from @platform/routing.' }] }],
    },
  },
];
