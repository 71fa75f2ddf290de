// Builds one migrated, seeded template database per test run; every test file copies it
// (see setup.ts), so tests run against real data without sharing writes. Projects whose `env`
// sets TEST_DATABASE=postgres (server-pg, e2e-pg) get a throwaway PostgreSQL cluster and a
// template database instead of template.db.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { migratePostgres } from '../../scripts/migrate'
import { projectRoot } from '../lib/database-url'
import { onServer, POSTGRES_TEMPLATE, startPostgresCluster, TEST_JWT_SECRET } from './postgres-cluster'

declare module 'vitest' {
  export interface ProvidedContext {
    testDir: string
    /** The PostgreSQL cluster's address without a database; '' on SQLite. */
    postgresServer: string
  }
}

export default async function globalSetup(project: TestProject) {
  // A folder per run, so parallel runs on one machine never share a template.
  const testDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mingshi-test-'))
  const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name)
  const baseEnv = { ...process.env, UPLOAD_DIR: path.join(testDir, 'uploads'), NODE_ENV: 'test' }
  if (project.config.env?.TEST_DATABASE === 'postgres') {
    const cluster = await startPostgresCluster()
    try {
      await onServer(cluster.serverUrl, `CREATE DATABASE "${POSTGRES_TEMPLATE}"`)
      const url = cluster.urlFor(POSTGRES_TEMPLATE)
      await migratePostgres(url, () => undefined)
      execFileSync(bin('tsx'), ['seed/import.ts'], {
        cwd: projectRoot,
        env: { ...baseEnv, DATABASE_URL: url, JWT_SECRET: TEST_JWT_SECRET },
        stdio: 'pipe',
      })
    } catch (error) {
      await cluster.stop()
      throw error
    }
    project.provide('testDir', testDir)
    project.provide('postgresServer', cluster.serverUrl)
    return async () => {
      await cluster.stop()
      fs.rmSync(testDir, { recursive: true, force: true })
    }
  }
  const template = path.join(testDir, 'template.db')
  const env = { ...baseEnv, DATABASE_URL: `file:${template}` }
  execFileSync(bin('prisma'), ['migrate', 'deploy'], { cwd: projectRoot, env, stdio: 'pipe' })
  execFileSync(bin('tsx'), ['seed/import.ts'], { cwd: projectRoot, env, stdio: 'pipe' })
  project.provide('testDir', testDir)
  project.provide('postgresServer', '')
  return () => fs.rmSync(testDir, { recursive: true, force: true })
}
