import { useMemo } from 'react'
import { childrenOf, type Region } from '../../../../../common/regions/regions'

export type RegionValue = { provinceCode: string; cityCode: string; districtCode: string }

/** Province / city / district cascading selects; picking a level clears the levels below it. */
export function RegionPicker({ id, value, onChange }: { id: string; value: RegionValue; onChange: (value: RegionValue) => void }) {
  const provinces = useMemo(() => childrenOf(), [])
  const cities = useMemo(() => (value.provinceCode ? childrenOf(value.provinceCode) : []), [value.provinceCode])
  const districts = useMemo(() => (value.cityCode ? childrenOf(value.cityCode) : []), [value.cityCode])
  return (
    <div className="region-picker" role="group" aria-labelledby={`${id}-label`}>
      <RegionSelect
        id={id}
        label="省份"
        placeholder="请选择省份"
        regions={provinces}
        value={value.provinceCode}
        onChange={(provinceCode) => onChange({ provinceCode, cityCode: '', districtCode: '' })}
      />
      <RegionSelect
        label="城市"
        placeholder="请选择城市"
        regions={cities}
        value={value.cityCode}
        disabled={cities.length === 0}
        onChange={(cityCode) => onChange({ ...value, cityCode, districtCode: '' })}
      />
      <RegionSelect
        label="区县"
        // A few cities (东莞市, 中山市 ...) have no districts below them.
        placeholder={value.cityCode && districts.length === 0 ? '无下级区县' : '请选择区县'}
        regions={districts}
        value={value.districtCode}
        disabled={districts.length === 0}
        onChange={(districtCode) => onChange({ ...value, districtCode })}
      />
    </div>
  )
}

type RegionSelectProps = {
  id?: string
  label: string
  placeholder: string
  regions: Region[]
  value: string
  disabled?: boolean
  onChange: (code: string) => void
}

/** One level of the picker; the empty first option stands for "not chosen". */
function RegionSelect({ id, label, placeholder, regions, value, disabled, onChange }: RegionSelectProps) {
  return (
    <select
      id={id}
      className="input"
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{placeholder}</option>
      {regions.map((region) => (
        <option key={region.code} value={region.code}>
          {region.name}
        </option>
      ))}
    </select>
  )
}
