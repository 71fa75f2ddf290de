// `npm start`: migrate the embedded database, seed demo content on first run, build the
// client when its sources are newer than the build, then serve portal and API.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../server/lib/database-url'
import { DEMO_MEMBER } from '../seed/demo-accounts'

const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name)
const run = (name: string, args: string[]) => execFileSync(bin(name), args, { cwd: projectRoot, stdio: 'inherit' })

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

function clientNeedsBuild(): boolean {
  const built = path.join(projectRoot, 'client', 'dist', 'index.html')
  if (!fs.existsSync(built)) return true
  const sources = Math.max(
    newestMtime(path.join(projectRoot, 'client', 'src')),
    fs.statSync(path.join(projectRoot, 'client', 'index.html')).mtimeMs,
  )
  return sources > fs.statSync(built).mtimeMs
}

function migrate() {
  try {
    run('prisma', ['migrate', 'deploy'])
  } catch {
    // Prisma's own message for a locked SQLite file is an obscure engine error; say what to check.
    console.error(
      '\n数据库迁移失败。若已有名师网进程在使用同一个数据库文件，请先停止它再启动；否则请查看上面的错误信息。\n' +
        'Database migration failed: stop any other portal process using the same database file, or see the error above.',
    )
    process.exit(1)
  }
}

async function main() {
  migrate()
  const { seedIfEmpty } = await import('../seed/importer')
  const seeded = await seedIfEmpty()
  if (seeded) console.log('已导入演示数据')
  if (clientNeedsBuild()) run('vite', ['build'])
  const { startServer } = await import('../server/index')
  const { env } = await import('../server/env')
  const server = await startServer()
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  console.log(`\n名师网已启动: http://localhost:${port}`)
  console.log(`演示会员: 手机号 ${DEMO_MEMBER.phone}  密码 ${DEMO_MEMBER.password}\n`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
