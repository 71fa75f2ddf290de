// Browser tests run against the built client and a seeded template database.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { projectRoot } from '../../server/lib/database-url'
import serverGlobalSetup from '../../server/test/global-setup'

export default async function globalSetup(project: TestProject) {
  const teardown = await serverGlobalSetup(project)
  // vitest sets NODE_ENV=test, which would bundle React's development build; test what ships.
  execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  })
  return teardown
}
