// `npm run media:variants`: makes the responsive WebP copies (common/image-variants.ts) of every
// stored picture that lacks them, and records picture sizes on older Upload rows. Once after
// upgrading to a version that makes copies; safe while the portal runs, and again at any time.
import '../server/lib/load-env-file'
import { backfillVariants } from '../server/features/upload/image-variants.service'
import { prisma } from '../server/db'

async function main() {
  const result = await backfillVariants((progress) => console.log(`… ${progress.made} 张图片已生成 / pictures done`))
  console.log(`图片 ${result.pictures} 张：新生成副本 ${result.made} 张，无法读取 ${result.failed} 张`)
  console.log(`${result.pictures} pictures: copies made for ${result.made}, ${result.failed} not decodable.`)
}

main()
  .catch((error: unknown) => {
    console.error('生成图片副本失败 / Making picture copies failed:', error)
    process.exitCode = 1
  })
  .finally(() => prisma.$disconnect())
