// Builds one migrated, seeded template database per test run; every test file copies it
// (see setup.ts), so tests run against real data without sharing writes. Projects whose `env`
// sets TEST_DATABASE=postgres (server-pg) get a throwaway PostgreSQL cluster and a
// template database instead of template.db.
// Several projects use the same template (server, ssr and e2e on SQLite): it is made once per run
// and removed when the last project using it is done.
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

type Template = { testDir: string; postgresServer: string; remove: () => Promise<void> | void }
type Shared = { template: Promise<Template>; users: number }

// Each project loads this file on its own, so what they share is kept on the process.
const shared = ((globalThis as { mingshiTestTemplates?: Record<string, Shared> }).mingshiTestTemplates ??= {})

const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name)
const baseEnv = (testDir: string) => ({ ...process.env, UPLOAD_DIR: path.join(testDir, 'uploads'), NODE_ENV: 'test' })
// A folder per run, so parallel runs on one machine never share a template.
const newTestDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mingshi-test-'))
const removeDir = (dir: string) => fs.rmSync(dir, { recursive: true, force: true })

async function postgresTemplate(): Promise<Template> {
  const testDir = newTestDir()
  const cluster = await startPostgresCluster()
  try {
    await onServer(cluster.serverUrl, `CREATE DATABASE "${POSTGRES_TEMPLATE}"`)
    const url = cluster.urlFor(POSTGRES_TEMPLATE)
    await migratePostgres(url, () => undefined)
    execFileSync(bin('tsx'), ['seed/import.ts'], {
      cwd: projectRoot,
      env: { ...baseEnv(testDir), DATABASE_URL: url, JWT_SECRET: TEST_JWT_SECRET },
      stdio: 'pipe',
    })
  } catch (error) {
    await cluster.stop()
    throw error
  }
  return {
    testDir,
    postgresServer: cluster.serverUrl,
    remove: async () => {
      await cluster.stop()
      removeDir(testDir)
    },
  }
}

function sqliteTemplate(): Template {
  const testDir = newTestDir()
  const env = { ...baseEnv(testDir), DATABASE_URL: `file:${path.join(testDir, 'template.db')}` }
  execFileSync(bin('prisma'), ['migrate', 'deploy'], { cwd: projectRoot, env, stdio: 'pipe' })
  execFileSync(bin('tsx'), ['seed/import.ts'], { cwd: projectRoot, env, stdio: 'pipe' })
  return { testDir, postgresServer: '', remove: () => removeDir(testDir) }
}

export default async function globalSetup(project: TestProject) {
  const kind = project.config.env?.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite'
  const entry = (shared[kind] ??= {
    template: kind === 'postgres' ? postgresTemplate() : Promise.resolve().then(sqliteTemplate),
    users: 0,
  })
  entry.users++
  const template = await entry.template
  project.provide('testDir', template.testDir)
  project.provide('postgresServer', template.postgresServer)
  return async () => {
    if (--entry.users > 0) return
    delete shared[kind]
    await template.remove()
  }
}
