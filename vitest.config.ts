import os from 'node:os'
import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig } from 'vitest/config'

// Every test runs on SQLite (the embedded default). The tests whose outcome can depend on the
// database run on PostgreSQL as well (a throwaway cluster, server/test/postgres-cluster.ts,
// selected by TEST_DATABASE): raw SQL (server/data/sql/), Prisma behaviour that differs by
// dialect (text `contains`, id sequences, transactions under concurrent writers), migrations,
// the commands that start or copy databases, and the API tests of every feature that writes
// (console, user centre, review, uploads) but the console's field, rule, per-item SEO and archive-limit
// checks, which stop at validation. The browser journeys run once, on SQLite: what they add
// over the API tests is the browser, which does not differ by database. Validation, rendering,
// configuration and files run once.
const DATABASE_SENSITIVE_SERVER_TESTS = [
  'server/data/**/*.test.ts',
  'server/{migrations,pg-migrations,cluster}.test.ts',
  'server/{lib,data}/**/{views,rate-limit,lease,jobs,cache-freshness,backup}.test.ts',
  'server/http/{health,fuzz}.test.ts',
  'server/features/{content,lifecycle,member,collect,search,review,staff,index,upload,alert,notification,comment}/**/*.test.ts',
  'server/features/video/video-pipeline.test.ts',
  'server/features/admin/{content,content-search,export-import}.test.ts',
  'server/features/admin/{moderation,people}/**/*.test.ts',
  // Bookings: reference numbers under a lock, conditional moves, the reminder's claims across sweeps.
  'server/features/booking/**/*.test.ts',
  'seed/**/*.test.ts',
  'scripts/{start-cluster,copy-to-postgres}.test.ts',
]

// The tests that start whole commands, builds, clusters or long generated runs: `npm test` runs
// them, `npm run test:quick` (TEST_SCOPE=quick, the inner loop) leaves them out.
const FULL_RUN_ONLY = [
  'scripts/{commands,production,start-cluster,copy-to-postgres}.test.ts',
  'server/{migrations,pg-migrations}.test.ts',
  'server/features/admin/export-import.test.ts',
  'server/http/fuzz.test.ts',
]
const isQuickRun = process.env.TEST_SCOPE === 'quick'

// The server's files share their worker's loaded modules (isolate: false below), but these need modules
// of their own: they set the environment before the server's modules read it (UPLOAD_DIR, S3, metrics
// and backup settings) or reload them with vi.resetModules. They run isolated, on both databases where
// the list above says so.
const OWN_MODULES_TESTS = [
  'server/features/upload/{upload,upload-s3}.test.ts',
  'server/http/metrics.test.ts',
  'server/lib/backup.test.ts',
  'server/features/member/auth-limits.test.ts',
  'common/validation/z.test.ts',
]
// Client files that hang after some other file of the same worker (a page change that never lands, in
// 1 of 4 runs): isolated until the leaking state is found.
const CLIENT_OWN_MODULES_TESTS = ['client/src/features/contribution/components/release-list.test.tsx']

const OWN_MODULES_DATABASE_SENSITIVE_TESTS = [
  'server/features/upload/{upload,upload-s3}.test.ts',
  'server/lib/backup.test.ts',
  'server/features/member/auth-limits.test.ts',
]

// vitest's default is one worker less than the cores, a single worker on this 2-core machine. Test
// files wait on databases, child processes, Chromium and the scheduler's clock, so there is one worker
// more than cores: on 2 cores, 3 workers ran the files in 720 s where 2 took 799 s (the cores were
// idle a quarter of the time with 2).
const WORKERS = os.availableParallelism() + 1

const serverTests = {
  globals: true,
  environment: 'node' as const,
  include: ['server/**/*.test.ts', 'seed/**/*.test.ts', 'scripts/**/*.test.ts', 'shared/**/*.test.ts', 'common/**/*.test.ts'],
  exclude: [...configDefaults.exclude, '**/*.ssr.test.ts', ...OWN_MODULES_TESTS, ...(isQuickRun ? FULL_RUN_ONLY : [])],
  globalSetup: ['server/test/global-setup.ts'],
  setupFiles: ['server/test/setup.ts'],
  // A worker loads the server's modules once for all its files instead of once per file (1-2 s each);
  // each file still gets its own database and a clean cache (server/test/per-file-state.ts).
  isolate: false,
  env: { TEST_SHARED_MODULES: '1' },
  testTimeout: 30_000,
  hookTimeout: 60_000,
}
const e2eTests = {
  globals: true,
  environment: 'node' as const,
  include: ['client/e2e/**/*.e2e.ts'],
  globalSetup: ['client/e2e/global-setup.ts'],
  setupFiles: ['server/test/setup.ts'],
  // A journey of 10-15 s alone took over 60 s in CI, with the other projects' files on both cores.
  testTimeout: 120_000,
  hookTimeout: 180_000,
}

export default defineConfig({
  test: {
    globals: true,
    maxWorkers: WORKERS,
    projects: [
      {
        test: { ...serverTests, name: 'server' },
      },
      {
        test: {
          ...serverTests,
          name: 'server-isolated',
          include: OWN_MODULES_TESTS,
          exclude: configDefaults.exclude,
          isolate: true,
          env: {},
        },
      },
      {
        test: {
          ...serverTests,
          name: 'server-pg',
          include: DATABASE_SENSITIVE_SERVER_TESTS,
          env: { ...serverTests.env, TEST_DATABASE: 'postgres' },
        },
      },
      {
        test: {
          ...serverTests,
          name: 'server-pg-isolated',
          include: OWN_MODULES_DATABASE_SENSITIVE_TESTS,
          exclude: configDefaults.exclude,
          isolate: true,
          env: { TEST_DATABASE: 'postgres' },
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
          exclude: [...configDefaults.exclude, ...CLIENT_OWN_MODULES_TESTS],
          setupFiles: ['client/src/testing/setup.ts'],
          // jsdom tests share 2 cores with the browser journeys: 5 s was too tight for a few.
          testTimeout: 15_000,
          // Files share their worker's loaded modules (antd, React): 78 → 41 s for the project alone.
          // jsdom is still new per file; setup.ts clears what the modules keep between tests.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client-isolated',
          globals: true,
          environment: 'jsdom',
          include: CLIENT_OWN_MODULES_TESTS,
          setupFiles: ['client/src/testing/setup.ts'],
          testTimeout: 15_000,
          isolate: true,
        },
      },
      {
        test: { ...e2eTests, name: 'e2e' },
      },
    ],
  },
})
