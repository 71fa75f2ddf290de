// Child process of bench/video.ts: asks for the streaming copy of each stored video in
// BENCH_VIDEO_SOURCES (comma-separated keys under UPLOAD_DIR) in the database of DATABASE_URL, as
// `npm run media:transcode` does for every video. The server's job worker then transcodes it.
import { prisma } from '../server/db'
import { requestStreamingCopy } from '../server/features/video/video-assets.service'
import './orphan-guard'

for (const source of (process.env.BENCH_VIDEO_SOURCES ?? '').split(',').filter(Boolean)) await requestStreamingCopy(source)
await prisma.$disconnect()
