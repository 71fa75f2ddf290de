import { childrenOf, codePath, COUNTRY_CODE, hasChildren, isValidRegion } from '../../../common/regions/regions'
import { ApiError, Code } from '../../lib/api-error'
import type { RegionChildrenInput, RegionPathInput } from './region.schemas'

function assertRegion(code: string) {
  if (code !== COUNTRY_CODE && !isValidRegion(code)) throw new ApiError(Code.NOT_FOUND, '地区不存在')
}

/** One column of a cascading picker; `hasChildren` tells it whether another column follows (东莞 has none). */
export function listRegionChildren({ code = COUNTRY_CODE }: RegionChildrenInput) {
  assertRegion(code)
  return childrenOf(code).map((region) => ({ ...region, hasChildren: hasChildren(region.code) }))
}

/** Province, city and district of a code, to restore a picker or print an address. */
export function getRegionPath({ code }: RegionPathInput) {
  assertRegion(code)
  return codePath(code)
}
