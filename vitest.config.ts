import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globals: true,
    projects: [
      {
        test: {
          name: 'server',
          globals: true,
          environment: 'node',
          include: ['server/**/*.test.ts', 'seed/**/*.test.ts', 'scripts/**/*.test.ts', 'shared/**/*.test.ts', 'common/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.ssr.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
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
        test: {
          name: 'e2e',
          globals: true,
          environment: 'node',
          include: ['client/e2e/**/*.e2e.ts'],
          globalSetup: ['client/e2e/global-setup.ts'],
          setupFiles: ['server/test/setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
