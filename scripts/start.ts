// `npm start`: migrate the database, seed demo content on a first run (outside production, or with
// SEED_DEMO=1), build the client when its sources are newer than the build, then serve portal and API.
// Production on an empty database starts without demo content and logs a one-time admin setup link.
import '../server/lib/load-env-file'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../server/lib/database-url'

const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name)

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

/** True when the client sources (absent from a production image) are newer than the build. */
function clientNeedsBuild(): boolean {
  const sources = path.join(projectRoot, 'client', 'src')
  if (!fs.existsSync(sources)) return false
  const built = path.join(projectRoot, 'client', 'dist', 'index.html')
  // `vite build` writes the server render's entry beside it (vite.config.ts); an older build lacks it.
  if (!fs.existsSync(built) || !fs.existsSync(path.join(projectRoot, 'client', 'dist', '.ssr', 'entry-server.js'))) return true
  const newest = Math.max(newestMtime(sources), fs.statSync(path.join(projectRoot, 'client', 'index.html')).mtimeMs)
  return newest > fs.statSync(built).mtimeMs
}

async function main() {
  // The environment is parsed (and refused when it cannot work) before anything else happens.
  const { env } = await import('../server/env')
  const { logger } = await import('../server/lib/logger')
  const { assertWorkableConfiguration, startServer } = await import('../server/index')
  assertWorkableConfiguration()
  const { migrate } = await import('./migrate')
  await migrate(logger)

  const { seedIfEmpty } = await import('../seed/importer')
  // Production never gets the demo accounts: their passwords are printed in the README.
  const demo = !env.isProduction || env.SEED_DEMO
  if (demo && (await seedIfEmpty({ demoAccounts: !env.isProduction }))) logger.info('已导入演示数据 / demo content imported')
  if (!demo) logger.info('生产模式：不导入演示数据（设置 SEED_DEMO=1 可导入） / production: no demo content unless SEED_DEMO=1')

  // Production serves what `npm run build` made; it never builds at start.
  if (!env.isProduction && clientNeedsBuild()) {
    logger.info('正在构建前端 / building the client')
    execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: projectRoot, stdio: 'inherit' })
  }
  const server = await startServer()
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  logger.info(`名师网已启动 / portal listening: http://localhost:${port}`)
  if (!env.isProduction) {
    const { DEMO_ADMIN, DEMO_MEMBER } = await import('../seed/demo-accounts')
    logger.info(`演示会员 / demo member: 手机号 ${DEMO_MEMBER.phone}  密码 ${DEMO_MEMBER.password}`)
    logger.info(`演示管理员 / demo admin: 手机号 ${DEMO_ADMIN.phone}  密码 ${DEMO_ADMIN.password}`)
  }
}

main().catch(async (error: unknown) => {
  // Configuration errors are already worded for the operator; anything else keeps its stack.
  const message = error instanceof Error && error.message.startsWith('配置无效') ? error.message : error
  console.error(message)
  process.exit(1)
})
