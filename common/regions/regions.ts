// Administrative regions by 6-digit code, shared by server and client. Pure TypeScript, no Node
// APIs: the client bundles this file, so the table stays one compact string decoded on first use.
import { REGION_DATA } from './region-data'

export type Region = { code: string; name: string }
export type RegionLevel = 'country' | 'province' | 'city' | 'district'

/** The root above the provinces; not a GB/T 2260 code, chosen to keep every code 6 digits. */
export const COUNTRY_CODE = '100000'
export const COUNTRY_NAME = '中国'

type RegionNode = Region & { level: 0 | 1 | 2 | 3; parent: RegionNode | null; children: RegionNode[] }
type Table = {
  byCode: Map<string, RegionNode>
  byName: Map<string, RegionNode[]>
  byShortName: Map<string, RegionNode[]>
  root: RegionNode
}

const LEVELS: RegionLevel[] = ['country', 'province', 'city', 'district']

// Ethnic groups named in autonomous regions, prefectures, counties and banners: 延边朝鲜族自治州 -> 延边.
const ETHNIC =
  '蒙古|回|藏|维吾尔|苗|彝|壮|布依|朝鲜|满|侗|瑶|白|土家|哈尼|哈萨克|傣|黎|傈僳|佤|畲|拉祜|水|东乡|纳西|景颇|柯尔克孜|土|达斡尔|仫佬|羌|布朗|撒拉|毛南|仡佬|锡伯|普米|塔吉克|怒|鄂温克|保安|裕固|独龙|鄂伦春|各'
const AUTONOMOUS = new RegExp(`^(.{2,}?)(?:(?:${ETHNIC})族?)+自治[区州县旗]$`)
const SUFFIX = /(?:特别行政区|自治[区州县旗]|地区|林区|特区|新区|[省市盟区县旗])$/

/** The name people say without its administrative suffix: 北京市 -> 北京, 广西壮族自治区 -> 广西. */
function shortName(name: string): string | undefined {
  const autonomous = AUTONOMOUS.exec(name)
  if (autonomous) return autonomous[1]
  const stripped = name.replace(SUFFIX, '')
  return stripped !== name && stripped.length >= 2 ? stripped : undefined
}

let table: Table | undefined

/** Decodes the format written by scripts/generate-regions.ts (see encode() there). */
function load(): Table {
  if (table) return table
  const root: RegionNode = { code: COUNTRY_CODE, name: COUNTRY_NAME, level: 0, parent: null, children: [] }
  const byCode = new Map<string, RegionNode>([[root.code, root]])
  const nodes: RegionNode[] = []
  let province = root
  let city = root
  const pattern = /([|/!]?)(\d+)([^|/!\d]+)/g
  for (let match = pattern.exec(REGION_DATA); match; match = pattern.exec(REGION_DATA)) {
    const [, marker, digits, name] = match
    const prefix = province.code.slice(0, 2)
    const node: RegionNode =
      marker === '|'
        ? { code: `${digits}0000`, name, level: 1, parent: root, children: [] }
        : marker === '/'
          ? { code: `${prefix}${digits}00`, name, level: 2, parent: province, children: [] }
          : {
              code: marker === '!' ? `${prefix}${digits}` : `${city.code.slice(0, 4)}${digits}`,
              name,
              level: 3,
              parent: city,
              children: [],
            }
    node.parent!.children.push(node)
    byCode.set(node.code, node)
    nodes.push(node)
    if (node.level === 1) province = node
    if (node.level === 2) city = node
  }

  // Lookup lists run by level, then in table order, so an ambiguous name resolves to the higher level.
  nodes.sort((a, b) => a.level - b.level)
  const byName = new Map<string, RegionNode[]>()
  const byShortName = new Map<string, RegionNode[]>()
  const add = (map: Map<string, RegionNode[]>, key: string | undefined, node: RegionNode) => {
    if (!key) return
    const list = map.get(key)
    if (!list) map.set(key, [node])
    else if (!list.includes(node)) list.push(node)
  }
  for (const node of nodes) {
    // 嘉模堂区（氹仔）: the bracketed note is optional when searching.
    const plain = node.name.replace(/（.*?）$/, '')
    add(byName, node.name, node)
    add(byName, plain, node)
    add(byShortName, shortName(plain), node)
  }
  table = { byCode, byName, byShortName, root }
  return table
}

const find = (code: unknown): RegionNode | undefined =>
  typeof code === 'string' && /^\d{6}$/.test(code) ? load().byCode.get(code) : undefined
const toRegion = ({ code, name }: RegionNode): Region => ({ code, name })

export function codeToName(code: string): string | undefined {
  return find(code)?.name
}

/**
 * Code for a name, full (北京市) or short (北京). With `parentCode`, only regions below it count
 * (at any depth), which is how 朝阳区 in 北京 is told apart from 朝阳区 in 长春. Without it, the
 * higher level wins (北京市 -> 110000, 吉林 -> 220000), then the smaller code.
 */
export function nameToCode(name: string, parentCode?: string): string | undefined {
  const { byName, byShortName, root } = load()
  const parent = parentCode === undefined ? root : find(parentCode)
  if (!parent || typeof name !== 'string') return undefined
  const wanted = name.trim()
  const isBelow = (node: RegionNode) => {
    for (let p = node.parent; p; p = p.parent) if (p === parent) return true
    return false
  }
  const hit = byName.get(wanted)?.find(isBelow) ?? byShortName.get(wanted)?.find(isBelow)
  return hit?.code
}

/** From the province down to `code` itself; empty for unknown codes and for the country root. */
export function codePath(code: string): Region[] {
  const path: Region[] = []
  for (let node = find(code); node && node.level > 0; node = node.parent ?? undefined) path.unshift(toRegion(node))
  return path
}

/** Children of `code`; without a code, the provinces. Unknown codes and districts have none. */
export function childrenOf(code: string = COUNTRY_CODE): Region[] {
  return find(code)?.children.map(toRegion) ?? []
}

export function hasChildren(code: string): boolean {
  return (find(code)?.children.length ?? 0) > 0
}

export function parentOf(code: string): Region | undefined {
  const parent = find(code)?.parent
  return parent ? toRegion(parent) : undefined
}

export function regionLevel(code: string): RegionLevel | undefined {
  const node = find(code)
  return node ? LEVELS[node.level] : undefined
}

/** A province, city or district in the table (the country root is not a region you can pick). */
export function isValidRegion(code: string): boolean {
  return (find(code)?.level ?? 0) > 0
}

export const isProvince = (code: string) => find(code)?.level === 1
export const isCity = (code: string) => find(code)?.level === 2
export const isDistrict = (code: string) => find(code)?.level === 3

/**
 * A picked address: the province is required, city and district are optional ('' counts as not
 * picked, like the Member columns' default), and each given level must be a child of the previous.
 * A district without a city is rejected. 东莞市, 中山市, 儋州市 and 嘉峪关市 have no districts.
 */
export function isValidRegionPath(province: string, city?: string, district?: string): boolean {
  if (!isProvince(province)) return false
  if (!city) return !district
  const cityNode = find(city)
  if (cityNode?.level !== 2 || cityNode.parent?.code !== province) return false
  if (!district) return true
  return find(district)?.parent === cityNode
}

/** Display text, dropping a city named like its province: 北京市 东城区, 广东省 广州市 天河区. */
export function regionText(code: string, separator = ' '): string {
  const names = codePath(code).map((r) => r.name)
  if (names.length > 1 && names[0] === names[1]) names.splice(1, 1)
  return names.join(separator)
}
