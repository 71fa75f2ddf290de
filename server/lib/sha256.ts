// SHA-256 of bytes read piece by piece (a video or a backup may be gigabytes): what Upload.sha256
// holds, the media library de-duplicates by, and exports and backups are checked with.
import crypto from 'node:crypto'
import { createReadStream } from 'node:fs'

export async function sha256OfStream(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = crypto.createHash('sha256')
  for await (const chunk of stream) hash.update(chunk)
  return hash.digest('hex')
}

export const sha256OfFile = (filePath: string) => sha256OfStream(createReadStream(filePath))
