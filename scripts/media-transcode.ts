// `npm run media:transcode`: asks for the streaming copy (HLS) of every stored video that has none,
// the demo's included. The jobs run in the background, in `npm start` or `npm run start:worker`;
// pages play the original until each copy is ready.
import { failureText } from '../server/lib/config-error'

async function main() {
  const { assertWorkableConfiguration } = await import('../server/lib/workable-configuration')
  assertWorkableConfiguration()
  const { prisma } = await import('../server/db')
  const { requestAllStreamingCopies } = await import('../server/features/video/video-assets.service')
  const count = await requestAllStreamingCopies()
  console.log(`已为 ${count} 个视频安排转码（已完成的不再重复） / ${count} videos queued for transcoding (finished ones are skipped)`)
  await prisma.$disconnect()
}

main().catch((error: unknown) => {
  console.error(failureText(error))
  process.exit(1)
})
