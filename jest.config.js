// Two projects: fast unit tests next to the code (src/**/*.spec.ts) and integration
// tests under test/ that drive real Trove processes over HTTP against PostgreSQL and PGlite.
// ts-jest only transpiles here; `npm run typecheck` is what checks types.
const transform = {
  '^.+\\.ts$': [
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
      },
    },
  ],
};

module.exports = {
  // Integration tests start real server processes; hooks and tests share this budget.
  testTimeout: 120000,
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
    },
  ],
};
