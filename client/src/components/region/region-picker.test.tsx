import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { renderRoutes } from '../../testing/render-routes'
import { RegionPicker, type RegionCompleteness, type RegionValue } from './region-picker'

const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: '操作成功', data }), { status: 200 })

const LEVELS: Record<string, { code: string; name: string; hasChildren: boolean }[]> = {
  '': [
    { code: '330000', name: '浙江省', hasChildren: true },
    { code: '440000', name: '广东省', hasChildren: true },
  ],
  '330000': [{ code: '330100', name: '杭州市', hasChildren: true }],
  '440000': [
    { code: '440300', name: '深圳市', hasChildren: true },
    { code: '441900', name: '东莞市', hasChildren: false },
  ],
  '330100': [
    { code: '330102', name: '上城区', hasChildren: false },
    { code: '330106', name: '西湖区', hasChildren: false },
  ],
}

/** Region/children at the network boundary; records the codes asked for. */
function server() {
  const asked: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url !== '/api/Region/children') throw new Error(`unexpected request ${url}`)
      const { code = '' } = JSON.parse(init.body as string) as { code?: string }
      asked.push(code)
      return ok(LEVELS[code] ?? [])
    }),
  )
  return asked
}

function Harness({ onChange }: { onChange: (value: RegionValue, completeness: RegionCompleteness) => void }) {
  const [value, setValue] = useState<RegionValue>({ provinceCode: '', cityCode: '', districtCode: '' })
  return (
    <RegionPicker
      id="place"
      value={value}
      onChange={(next, completeness) => {
        setValue(next)
        onChange(next, completeness)
      }}
    />
  )
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement

afterEach(() => vi.unstubAllGlobals())

describe('RegionPicker', () => {
  test('loads the provinces, then each level once its parent is chosen, and says when the choice is complete', async () => {
    const asked = server()
    const changes: [RegionValue, RegionCompleteness][] = []
    renderRoutes([{ path: '/', element: <Harness onChange={(value, completeness) => changes.push([value, completeness])} /> }], '/')

    await screen.findByRole('option', { name: '浙江省' }, { timeout: 5000 })
    expect(select('城市').disabled).toBe(true)
    expect(select('区县').disabled).toBe(true)
    expect(asked).toEqual([''])

    fireEvent.change(select('省份'), { target: { value: '330000' } })
    await waitFor(() => expect(screen.getByRole('option', { name: '杭州市' })).toBeTruthy())
    fireEvent.change(select('城市'), { target: { value: '330100' } })
    await waitFor(() => expect(screen.getByRole('option', { name: '西湖区' })).toBeTruthy())
    expect(changes.at(-1)).toEqual([{ provinceCode: '330000', cityCode: '330100', districtCode: '' }, { isComplete: false }])

    fireEvent.change(select('区县'), { target: { value: '330106' } })
    expect(changes.at(-1)).toEqual([{ provinceCode: '330000', cityCode: '330100', districtCode: '330106' }, { isComplete: true }])
    expect(asked).toEqual(['', '330000', '330100'])
  })

  test('a city with no districts is complete by itself, and a level asked for again comes from the cache', async () => {
    const asked = server()
    const changes: [RegionValue, RegionCompleteness][] = []
    renderRoutes([{ path: '/', element: <Harness onChange={(value, completeness) => changes.push([value, completeness])} /> }], '/')

    await screen.findByRole('option', { name: '广东省' }, { timeout: 5000 })
    fireEvent.change(select('省份'), { target: { value: '440000' } })
    await waitFor(() => expect(screen.getByRole('option', { name: '东莞市' })).toBeTruthy())
    fireEvent.change(select('城市'), { target: { value: '441900' } })

    expect(changes.at(-1)).toEqual([{ provinceCode: '440000', cityCode: '441900', districtCode: '' }, { isComplete: true }])
    await waitFor(() => expect(screen.getByRole('option', { name: '无下级区县' })).toBeTruthy())
    expect(select('区县').disabled).toBe(true)

    // Choosing another province and back again asks the server for nothing new.
    fireEvent.change(select('省份'), { target: { value: '330000' } })
    await waitFor(() => expect(screen.getByRole('option', { name: '杭州市' })).toBeTruthy())
    fireEvent.change(select('省份'), { target: { value: '440000' } })
    await waitFor(() => expect(screen.getByRole('option', { name: '深圳市' })).toBeTruthy())
    expect(asked.filter((code) => code === '440000')).toHaveLength(1)
    // The city chosen before was cleared with the province.
    expect(changes.at(-1)).toEqual([{ provinceCode: '440000', cityCode: '', districtCode: '' }, { isComplete: false }])
  })
})
