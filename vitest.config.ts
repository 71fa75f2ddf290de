import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig } from 'vitest/config'

// The server suite and the browser journeys run twice: on SQLite (the embedded default) and on
// PostgreSQL (a throwaway cluster, server/test/postgres-cluster.ts), selected by TEST_DATABASE.
const serverTests = {
  globals: true,
  environment: 'node' as const,
  include: ['server/**/*.test.ts', 'seed/**/*.test.ts', 'scripts/**/*.test.ts', 'shared/**/*.test.ts', 'common/**/*.test.ts'],
  exclude: [...configDefaults.exclude, '**/*.ssr.test.ts'],
  globalSetup: ['server/test/global-setup.ts'],
  setupFiles: ['server/test/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
}
const e2eTests = {
  globals: true,
  environment: 'node' as const,
  include: ['client/e2e/**/*.e2e.ts'],
  globalSetup: ['client/e2e/global-setup.ts'],
  setupFiles: ['server/test/setup.ts'],
  fileParallelism: false,
  testTimeout: 60_000,
  hookTimeout: 180_000,
}

export default defineConfig({
  test: {
    globals: true,
    projects: [
      {
        test: { ...serverTests, name: 'server' },
      },
      {
        test: { ...serverTests, name: 'server-pg', env: { TEST_DATABASE: 'postgres' } },
      },
      {
        // Pages rendered on the server: the same as 'server', plus a client build (ssr-global-setup.ts).
        test: {
          name: 'ssr',
          globals: true,
          environment: 'node',
          include: ['server/**/*.ssr.test.ts'],
          globalSetup: ['server/test/ssr-global-setup.ts'],
          setupFiles: ['server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          globals: true,
          environment: 'jsdom',
          include: ['client/src/**/*.test.{ts,tsx}'],
          setupFiles: ['client/src/testing/setup.ts'],
        },
      },
      {
        test: { ...e2eTests, name: 'e2e' },
      },
      {
        // Accessibility (axe, focus, motion) judges markup the same code renders from either database:
        // it runs once, on SQLite; every journey that reads or writes data runs on both.
        test: {
          ...e2eTests,
          name: 'e2e-pg',
          env: { TEST_DATABASE: 'postgres' },
          exclude: [...configDefaults.exclude, 'client/e2e/a11y.e2e.ts'],
        },
      },
    ],
  },
})
