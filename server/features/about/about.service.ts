import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'

export type AboutKey = 'intro' | 'terms' | 'privacy' | 'statement' | 'contact' | 'service'

export async function getAboutPage(key: AboutKey) {
  const page = await prisma.aboutPage.findUnique({
    where: { key },
    select: { key: true, title: true, content: true, version: true, updatedAt: true },
  })
  if (!page) throw new ApiError(Code.NOT_FOUND, '页面内容暂未设置')
  return page
}

export async function listPartners() {
  return prisma.partner.findMany({ select: { id: true, name: true, logo: true, link: true }, orderBy: [{ sort: 'desc' }, { id: 'desc' }] })
}
