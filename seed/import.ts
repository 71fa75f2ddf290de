// `npm run seed [-- DIR]`: imports a seed folder (default seed/data) and prints what it did.
import path from 'node:path'
import { prisma } from '../server/db'
import { defaultSeedDir, importSeedFolder } from './importer'

async function main() {
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : defaultSeedDir
  const summary = await importSeedFolder(dir)
  console.log(`已导入 ${path.relative(process.cwd(), dir) || dir}（${summary.durationMs} ms）`)
  for (const [kind, count] of Object.entries(summary.counts)) console.log(`  ${kind.padEnd(20)} ${count}`)
  const { drawn, copied, unchanged } = summary.media
  console.log(`  图片/视频: 新绘制 ${drawn}，复制 ${copied}，未变化 ${unchanged}`)
}

main()
  .then(() => prisma.$disconnect())
  .catch(async (error: unknown) => {
    console.error(error instanceof Error && error.name === 'SeedError' ? error.message : error)
    await prisma.$disconnect()
    process.exit(1)
  })
