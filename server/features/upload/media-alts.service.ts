// The alt text staff write in the media library, as the public pages use it: every content picture
// (client/src/components/ui/responsive-image.tsx) shows its file's alt text when it has one, else the
// words its page gives it (a title, a name). docs/DECISIONS.md, "Media library".
import { prisma } from '../../db'
import { UPLOAD_URL_PREFIX } from './upload-access.service'

/** Each of these addresses with its file's alt text, '' for a file without one or no file: the page asks once per picture. */
export async function mediaAltsOf(addresses: string[]): Promise<Record<string, string>> {
  const stored = addresses.filter((address) => address.startsWith(UPLOAD_URL_PREFIX))
  const rows = stored.length
    ? await prisma.upload.findMany({
        where: { path: { in: stored.map((address) => address.slice(UPLOAD_URL_PREFIX.length)) }, alt: { not: '' } },
        select: { path: true, alt: true },
      })
    : []
  const alts = new Map(rows.map((row) => [`${UPLOAD_URL_PREFIX}${row.path}`, row.alt]))
  return Object.fromEntries(addresses.map((address) => [address, alts.get(address) ?? '']))
}
