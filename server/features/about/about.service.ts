import { prisma } from '../../db'
import type { AboutKey } from '../../../common/api/about'
import { ApiError, Code } from '../../lib/api-error'

export async function getAboutPage(key: AboutKey) {
  const page = await prisma.aboutPage.findUnique({
    where: { key },
    select: { key: true, title: true, content: true, version: true, updatedAt: true },
  })
  if (!page) throw new ApiError(Code.NOT_FOUND, '页面内容暂未设置')
  // The row's key is the one asked for; typed as such, the reply names which page it is.
  return { ...page, key }
}

export async function listPartners() {
  return prisma.partner.findMany({ select: { id: true, name: true, logo: true, link: true }, orderBy: [{ sort: 'desc' }, { id: 'desc' }] })
}
