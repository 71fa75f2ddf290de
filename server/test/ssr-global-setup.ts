// Server-render tests (*.ssr.test.ts) run createApp() against a real client build: the seeded
// template database as for every server test, plus `vite build` (browser bundle and the server
// render's entry, a few seconds) into this run's private folder, never the shared client/dist.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { projectRoot } from '../lib/database-url'
import serverGlobalSetup from './global-setup'

declare module 'vitest' {
  export interface ProvidedContext {
    clientDist: string
  }
}

export default async function ssrGlobalSetup(project: TestProject) {
  const teardown = await serverGlobalSetup(project)
  const clientDist = path.join(project.getProvidedContext().testDir, 'client')
  // NODE_ENV=production: the browser bundle as it ships (vitest's NODE_ENV=test would pick React's development build).
  execFileSync(
    path.join(projectRoot, 'node_modules', '.bin', 'vite'),
    ['build', '--logLevel', 'warn', '--outDir', clientDist, '--emptyOutDir'],
    {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'pipe',
    },
  )
  project.provide('clientDist', clientDist)
  return teardown
}
