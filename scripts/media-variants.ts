// `npm run media:variants` (built: `node dist/app/media-variants.js`): makes the responsive WebP
// copies (common/image-variants.ts) of every stored picture that lacks them, and records picture
// sizes on older Upload rows. Once after upgrading to a version that makes copies; safe while the
// portal runs, and again at any time.
import { actOn, runCommand } from './command'

runCommand(
  async () => {
    await actOn(['database', 'uploads'], { existingDatabase: true })
    const { backfillVariants } = await import('../server/features/upload/image-variants.service')
    const { prisma } = await import('../server/db')
    try {
      const result = await backfillVariants((progress) => console.log(`… ${progress.made} 张图片已生成 / pictures done`))
      console.log(`图片 ${result.pictures} 张：新生成副本 ${result.made} 张，无法读取 ${result.failed} 张`)
      console.log(`${result.pictures} pictures: copies made for ${result.made}, ${result.failed} not decodable.`)
    } finally {
      await prisma.$disconnect()
    }
  },
  { failed: '生成图片副本失败 / Making picture copies failed' },
)
