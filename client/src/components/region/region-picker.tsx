import type { RegionOption } from './region-children'
import { useRegionChildren } from './region-children'
import './region-picker.css'

export type RegionValue = { provinceCode: string; cityCode: string; districtCode: string }

/** Whether the choice is as deep as the table goes: a district, or a city with none below it (东莞市). */
export type RegionCompleteness = { isComplete: boolean }

type Props = {
  id: string
  value: RegionValue
  onChange: (value: RegionValue, completeness: RegionCompleteness) => void
  /** Marks the province select invalid and points it at the message (the form shows it). */
  describedBy?: string
  isInvalid?: boolean
}

/**
 * Province / city / district cascading selects, each level loaded through Region/children when its
 * parent is chosen (kept in the query cache); picking a level clears the levels below it.
 */
export function RegionPicker({ id, value, onChange, describedBy, isInvalid }: Props) {
  const provinces = useRegionChildren('')
  const cities = useRegionChildren(value.provinceCode, Boolean(value.provinceCode))
  const cityList = value.provinceCode ? (cities.data ?? []) : []
  const city = cityList.find((item) => item.code === value.cityCode)
  const hasNoDistricts = Boolean(city && !city.hasChildren)
  const districts = useRegionChildren(value.cityCode, Boolean(value.cityCode) && !hasNoDistricts)
  const districtList = value.cityCode && !hasNoDistricts ? (districts.data ?? []) : []

  return (
    <div className="region-picker" role="group" aria-labelledby={`${id}-label`}>
      <RegionSelect
        id={id}
        label="省份"
        placeholder={provinces.isError ? '加载失败，请重试' : '请选择省份'}
        regions={provinces.data ?? []}
        isLoading={provinces.isPending}
        value={value.provinceCode}
        describedBy={describedBy}
        isInvalid={isInvalid}
        onChange={(provinceCode) => onChange({ provinceCode, cityCode: '', districtCode: '' }, { isComplete: false })}
      />
      <RegionSelect
        label="城市"
        placeholder="请选择城市"
        regions={cityList}
        isLoading={Boolean(value.provinceCode) && cities.isPending}
        value={value.cityCode}
        disabled={cityList.length === 0}
        onChange={(cityCode) => {
          const chosen = cityList.find((item) => item.code === cityCode)
          onChange({ ...value, cityCode, districtCode: '' }, { isComplete: Boolean(chosen && !chosen.hasChildren) })
        }}
      />
      <RegionSelect
        label="区县"
        // A few cities (东莞市, 中山市 ...) have no districts below them.
        placeholder={hasNoDistricts ? '无下级区县' : '请选择区县'}
        regions={districtList}
        isLoading={Boolean(value.cityCode) && !hasNoDistricts && districts.isPending}
        value={value.districtCode}
        disabled={districtList.length === 0}
        onChange={(districtCode) => onChange({ ...value, districtCode }, { isComplete: Boolean(districtCode) })}
      />
    </div>
  )
}

type RegionSelectProps = {
  id?: string
  label: string
  placeholder: string
  regions: RegionOption[]
  isLoading?: boolean
  value: string
  disabled?: boolean
  describedBy?: string
  isInvalid?: boolean
  onChange: (code: string) => void
}

/** One level of the picker; the empty first option stands for "not chosen". */
function RegionSelect({
  id,
  label,
  placeholder,
  regions,
  isLoading,
  value,
  disabled,
  describedBy,
  isInvalid,
  onChange,
}: RegionSelectProps) {
  // A saved code whose level has not loaded yet still shows as chosen (no flash of "请选择").
  const isMissing = value !== '' && !regions.some((region) => region.code === value)
  return (
    <select
      id={id}
      className="input"
      aria-label={label}
      aria-busy={isLoading || undefined}
      aria-invalid={isInvalid || undefined}
      aria-describedby={describedBy}
      value={value}
      disabled={disabled || isLoading}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{isLoading ? '加载中…' : placeholder}</option>
      {isMissing && <option value={value}>{isLoading ? '加载中…' : value}</option>}
      {regions.map((region) => (
        <option key={region.code} value={region.code}>
          {region.name}
        </option>
      ))}
    </select>
  )
}
