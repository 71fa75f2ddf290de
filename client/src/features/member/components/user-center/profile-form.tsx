import { useState } from 'react'
import { showToast } from '../../../../lib/toast'
import { useThrottledAction } from '../../../../lib/use-throttled-action'
import { useSaveMember } from '../../api/save-member'
import { focusFirstProblem } from '../../../../lib/focus-first-problem'
import { NICKNAME_MAX, nicknameProblem } from '../../../../lib/validation'
import type { Gender, UserInfo } from '../../types'
import { RegionPicker, type RegionValue } from '../../../../components/region/region-picker'
import { SubmitButton } from '../../../../components/ui/submit-button'
import { TextField } from '../../../../components/ui/text-field'
import { AvatarUpload } from './avatar-upload'

const GENDERS: { value: Gender; label: string }[] = [
  { value: 0, label: '保密' },
  { value: 1, label: '男' },
  { value: 2, label: '女' },
]

type ProfileValues = { nickname: string; gender: Gender; organization: string; position: string } & RegionValue

// The server stores 0, 1 or 2; anything else reads as unknown.
const genderOf = (value: number): Gender => (value === 1 || value === 2 ? value : 0)

const toValues = (info: UserInfo): ProfileValues => ({
  nickname: info.nickname,
  gender: genderOf(info.gender),
  organization: info.organization,
  position: info.position,
  provinceCode: info.provinceCode,
  cityCode: info.cityCode,
  districtCode: info.districtCode,
})

/** Tab 1: avatar, nickname, gender, organisation, position and region. */
export function ProfileForm({ info }: { info: UserInfo }) {
  const save = useSaveMember()
  const throttle = useThrottledAction()
  const [values, setValues] = useState(() => toValues(info))
  const [errors, setErrors] = useState<{ nickname?: string; organization?: string; position?: string }>({})
  // Reset only when another member's data arrives; saving the avatar must not wipe unsaved edits.
  const [memberNo, setMemberNo] = useState(info.member_no)
  if (info.member_no !== memberNo) {
    setMemberNo(info.member_no)
    setValues(toValues(info))
  }

  const change = (patch: Partial<ProfileValues>) => {
    setValues((current) => ({ ...current, ...patch }))
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(patch).map((key) => [key, undefined])) }))
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const problems = {
      nickname: nicknameProblem(values.nickname) ?? undefined,
      organization: Array.from(values.organization.trim()).length > 50 ? '单位最多 50 个字' : undefined,
      position: Array.from(values.position.trim()).length > 30 ? '职务最多 30 个字' : undefined,
    }
    setErrors(problems)
    if (focusFirstProblem('profile', problems)) return
    const payload = {
      ...values,
      nickname: values.nickname.trim(),
      organization: values.organization.trim(),
      position: values.position.trim(),
    }
    throttle(JSON.stringify(payload), () => save.mutate(payload, { onSuccess: () => showToast('个人资料已保存', 'success') }))
  }

  return (
    <form className="uc-form uc-form--horizontal" onSubmit={onSubmit} noValidate>
      <div className="uc-form__row uc-form__row--avatar">
        <span className="uc-form__label">头像</span>
        <AvatarUpload avatar={info.avatar} nickname={info.nickname} onUploaded={(avatar) => save.mutateAsync({ avatar })} />
      </div>
      <div className="uc-form__row">
        <span className="uc-form__label">会员编号</span>
        <span className="uc-form__static">{info.member_no}</span>
      </div>
      <div className="uc-form__row">
        <span className="uc-form__label">手机号</span>
        <span className="uc-form__static">{info.phone || '—'}</span>
      </div>
      <TextField
        id="profile-nickname"
        label="昵称"
        className="uc-form__field"
        maxLength={NICKNAME_MAX}
        value={values.nickname}
        onValueChange={(nickname) => change({ nickname })}
        error={errors.nickname}
      />
      <fieldset className="uc-form__row uc-form__fieldset">
        <legend className="uc-form__label">性别</legend>
        <div className="uc-radios">
          {GENDERS.map((gender) => (
            <label key={gender.value} className="member-check">
              <input
                type="radio"
                name="gender"
                value={gender.value}
                checked={values.gender === gender.value}
                onChange={() => change({ gender: gender.value })}
              />
              <span>{gender.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        id="profile-organization"
        label="工作单位"
        className="uc-form__field"
        maxLength={50}
        placeholder="如：某某市委党校"
        value={values.organization}
        onValueChange={(organization) => change({ organization })}
        error={errors.organization}
      />
      <TextField
        id="profile-position"
        label="职务"
        className="uc-form__field"
        maxLength={30}
        placeholder="如：教研室主任"
        value={values.position}
        onValueChange={(position) => change({ position })}
        error={errors.position}
      />
      <div className="form-field member-field uc-form__field">
        <label id="profile-region-label" htmlFor="profile-region">
          所在地区
        </label>
        <RegionPicker id="profile-region" value={values} onChange={(region) => change(region)} />
      </div>
      <div className="uc-form__actions">
        <SubmitButton isPending={save.isPending} pendingText="保存中…">
          保存资料
        </SubmitButton>
      </div>
    </form>
  )
}
