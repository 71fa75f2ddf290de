// `npm run seed [-- DIR]` (built: `node dist/app/seed.js`): imports a seed folder (default
// seed/data) into the configured database and prints what it did. The database must be migrated.
import path from 'node:path'
import { actOn, runCommand } from '../scripts/command'

runCommand(async () => {
  const env = await actOn(['database', 'uploads'], { existingDatabase: true })
  const { prisma } = await import('../server/db')
  const { defaultSeedDir, importSeedFolder } = await import('./importer')
  const dir = process.argv[2] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2]) : defaultSeedDir
  try {
    // Production never gets the demo accounts: their passwords are printed in the README.
    const summary = await importSeedFolder(dir, env.isProduction ? { demoAccounts: false } : {})
    console.log(`已导入 ${path.relative(process.cwd(), dir) || dir}（${summary.durationMs} ms）`)
    for (const [kind, count] of Object.entries(summary.counts)) console.log(`  ${kind.padEnd(20)} ${count}`)
    const { drawn, copied, unchanged } = summary.media
    console.log(`  图片/视频: 新绘制 ${drawn}，复制 ${copied}，未变化 ${unchanged}`)
  } finally {
    await prisma.$disconnect()
  }
})
