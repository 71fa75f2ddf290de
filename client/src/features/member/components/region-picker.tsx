import { useMemo } from 'react'
import { childrenOf } from '../../../../../common/regions/regions'

export type RegionValue = { provinceCode: string; cityCode: string; districtCode: string }

/** Province / city / district cascading selects; picking a level clears the levels below it. */
export function RegionPicker({ id, value, onChange }: { id: string; value: RegionValue; onChange: (value: RegionValue) => void }) {
  const provinces = useMemo(() => childrenOf(), [])
  const cities = useMemo(() => (value.provinceCode ? childrenOf(value.provinceCode) : []), [value.provinceCode])
  const districts = useMemo(() => (value.cityCode ? childrenOf(value.cityCode) : []), [value.cityCode])
  return (
    <div className="region-picker" role="group" aria-labelledby={`${id}-label`}>
      <select
        id={id}
        className="input"
        aria-label="省份"
        value={value.provinceCode}
        onChange={(event) => onChange({ provinceCode: event.target.value, cityCode: '', districtCode: '' })}
      >
        <option value="">请选择省份</option>
        {provinces.map((region) => (
          <option key={region.code} value={region.code}>
            {region.name}
          </option>
        ))}
      </select>
      <select
        className="input"
        aria-label="城市"
        value={value.cityCode}
        disabled={cities.length === 0}
        onChange={(event) => onChange({ ...value, cityCode: event.target.value, districtCode: '' })}
      >
        <option value="">请选择城市</option>
        {cities.map((region) => (
          <option key={region.code} value={region.code}>
            {region.name}
          </option>
        ))}
      </select>
      <select
        className="input"
        aria-label="区县"
        value={value.districtCode}
        // A few cities (东莞市, 中山市 ...) have no districts below them.
        disabled={districts.length === 0}
        onChange={(event) => onChange({ ...value, districtCode: event.target.value })}
      >
        <option value="">{value.cityCode && districts.length === 0 ? '无下级区县' : '请选择区县'}</option>
        {districts.map((region) => (
          <option key={region.code} value={region.code}>
            {region.name}
          </option>
        ))}
      </select>
    </div>
  )
}
