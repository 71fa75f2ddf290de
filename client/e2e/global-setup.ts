// Browser tests run against the built client (the run's one build, server/test/client-build.ts)
// and a seeded template database.
import type { TestProject } from 'vitest/node'
import { buildClientOnce } from '../../server/test/client-build'
import serverGlobalSetup from '../../server/test/global-setup'

export default async function globalSetup(project: TestProject) {
  const [teardown] = await Promise.all([serverGlobalSetup(project), buildClientOnce()])
  return teardown
}
