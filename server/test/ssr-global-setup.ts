// Server-render tests (*.ssr.test.ts) run createApp() against a real client build: the seeded
// template database as for every server test, plus the client build the run shares (client-build.ts).
import type { TestProject } from 'vitest/node'
import { buildClientOnce } from './client-build'
import serverGlobalSetup from './global-setup'

declare module 'vitest' {
  export interface ProvidedContext {
    clientDist: string
  }
}

export default async function ssrGlobalSetup(project: TestProject) {
  const [teardown, clientDist] = await Promise.all([serverGlobalSetup(project), buildClientOnce()])
  project.provide('clientDist', clientDist)
  return teardown
}
