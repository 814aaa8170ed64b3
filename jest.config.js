// Three tiers (README, "Tests"): unit tests next to the code (src/**/*.spec.ts); medium
// tests (test/**/*.medium.ts) that build Trove's modules in-process from the sources and
// call its services against PostgreSQL and PGlite; integration tests (test/**/*.test.ts)
// that drive real Trove processes (dist/) over HTTP. Only the last needs `npm run build`.
// ts-jest only transpiles here; `npm run typecheck` is what checks types.
const transform = {
  '^.+\\.[cm]?[tj]s$': [
    'ts-jest',
    {
      tsconfig: {
        isolatedModules: true,
        module: 'commonjs',
        moduleResolution: 'node10',
        esModuleInterop: true,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
        target: 'ES2023',
        allowJs: true,
      },
    },
  ],
};

// Packages published only as ES modules: Jest (on Node 22) cannot require them, so ts-jest
// compiles them to CommonJS like our own code. Node itself loads them natively (require(esm)).
const ESM_ONLY_PACKAGES = [
  // file-type and its readers
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  '@borewit',
  'uint8array-extras',
  // linkedom's HTML and CSS selector stack
  'css-select',
  'css-what',
  'boolbase',
  'nth-check',
  'domhandler',
  'domelementtype',
  'domutils',
  'dom-serializer',
  'entities',
  'cssomnom',
  // oidc-provider (the OAuth authorization server) and jose beneath it, for the in-process medium tests
  'oidc-provider',
  'jose',
];
const ESM_ONLY = [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`];
// file-type exports only `import` and `module-sync` conditions (Node 22 requires it through
// the latter); Jest resolves a require with neither, so it is pointed at that entry.
const moduleNameMapper = { '^file-type$': '<rootDir>/node_modules/file-type/index.js' };

// jest reads this file as CommonJS.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const os = require('node:os');

module.exports = {
  // Integration tests start real server processes; hooks and tests share this budget.
  testTimeout: 120000,
  // Test files run in parallel: each starts its own Trove processes on ports they pick
  // themselves, with its own PGlite folder or PostgreSQL database, so files share nothing.
  // The work happens in those processes, not in the jest workers, and much of a file's
  // time is spent waiting on them; a few workers overlap that waiting. Capped so that a
  // large CI machine does not open more PostgreSQL connections than a default server allows.
  maxWorkers: Math.min(3, Math.max(2, os.availableParallelism())),
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.spec.ts'],
      transform,
      transformIgnorePatterns: ESM_ONLY,
      moduleNameMapper,
    },
    {
      displayName: 'medium',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.medium.ts'],
      transform,
      transformIgnorePatterns: ESM_ONLY,
      moduleNameMapper,
      globalSetup: '<rootDir>/test/support/medium-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.test.ts'],
      transform,
      transformIgnorePatterns: ESM_ONLY,
      moduleNameMapper,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
