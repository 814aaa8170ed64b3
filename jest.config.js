// Two projects: fast unit tests next to the code (src/**/*.spec.ts) and integration
// tests under test/ that drive real Trove processes over HTTP against PostgreSQL and PGlite.
// ts-jest only transpiles here; `npm run typecheck` is what checks types.
const transform = {
  '^.+\\.ts$': ['ts-jest', { isolatedModules: true, tsconfig: { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true, experimentalDecorators: true, emitDecoratorMetadata: true, target: 'ES2023' } }],
};

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.spec.ts'],
      transform,
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.test.ts'],
      transform,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      testTimeout: 120000,
    },
  ],
};
