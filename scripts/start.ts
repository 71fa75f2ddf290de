// `npm start` (built: `node dist/app/start.js`): migrate the database, seed demo content on a first
// run (outside production, or with SEED_DEMO=1), build the client when its sources are newer than
// the build, then serve portal and API (scripts/prepare-to-serve.ts). The environment and .env are
// parsed first, and a configuration that cannot work is refused before anything is written.
import { failureText } from '../server/lib/config-error'

async function main() {
  const { env } = await import('../server/env')
  const { logger } = await import('../server/lib/logger')
  const { assertWorkableConfiguration } = await import('../server/lib/workable-configuration')
  assertWorkableConfiguration()
  const { phase, prepareToServe } = await import('./prepare-to-serve')
  await prepareToServe(logger)
  // Only now: importing the server opens the database, which the migration must open first.
  const { startServer } = await import('../server/index')
  const server = await phase(logger, '启动服务 / starting the server', () => startServer())
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  logger.info(`名师网已启动 / portal listening: http://localhost:${port}`)
  if (!env.isProduction) {
    const { DEMO_ADMIN, DEMO_MEMBER } = await import('../seed/demo-accounts')
    logger.info(`演示会员 / demo member: 手机号 ${DEMO_MEMBER.phone}  密码 ${DEMO_MEMBER.password}`)
    logger.info(`演示管理员 / demo admin: 手机号 ${DEMO_ADMIN.phone}  密码 ${DEMO_ADMIN.password}`)
  }
}

main().catch((error: unknown) => {
  console.error(failureText(error))
  process.exit(1)
})
