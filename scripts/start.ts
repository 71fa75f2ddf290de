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

async function main() {
  run('prisma', ['migrate', 'deploy'])
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
