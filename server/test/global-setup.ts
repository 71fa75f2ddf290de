// Builds one migrated, seeded SQLite template per test run; every test file copies it
// (see setup.ts), so tests run against real data without sharing writes.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { projectRoot } from '../lib/database-url'

declare module 'vitest' {
  export interface ProvidedContext {
    testDir: string
  }
}

export default async function globalSetup(project: TestProject) {
  // A folder per run, so parallel runs on one machine never share a template.
  const testDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mingshi-test-'))
  const template = path.join(testDir, 'template.db')
  const env = { ...process.env, DATABASE_URL: `file:${template}`, UPLOAD_DIR: path.join(testDir, 'uploads'), NODE_ENV: 'test' }
  const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name)
  execFileSync(bin('prisma'), ['migrate', 'deploy'], { cwd: projectRoot, env, stdio: 'pipe' })
  execFileSync(bin('tsx'), ['seed/import.ts'], { cwd: projectRoot, env, stdio: 'pipe' })
  project.provide('testDir', testDir)
  return () => fs.rmSync(testDir, { recursive: true, force: true })
}
