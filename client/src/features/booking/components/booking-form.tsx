import { Fragment, useId, useState, type FormEvent } from 'react'
import {
  AUDIENCE_KINDS,
  BOOKING_LIMITS,
  bookingProblem,
  bookingRequestSchema,
  chinaDay,
  DURATIONS,
  INQUIRY_LIMITS,
  type BookingField as BookingRuleField,
} from '../../../../../common/rules'
import { FieldError } from '../../../components/ui/field-error'
import { RegionPicker, type RegionValue } from '../../../components/region/region-picker'
import { useThrottledAction } from '../../../lib/use-throttled-action'
import { useAddBooking, type BookingPayload } from '../api/add-booking'
import { useBookingCaptcha } from '../api/get-booking-captcha'
import { useBookingPrefill } from '../api/get-booking-prefill'
import type { BookingCreated } from '../../../../../common/api/booking'
import { BookingDone } from './booking-done'
import { BookingField } from './booking-field'
import './booking.css'

/** The budget's two bounds, drawn alike side by side. */
const BUDGET_FIELDS = [
  { field: 'budgetMin', label: '最低预算（元）', placeholder: '最低' },
  { field: 'budgetMax', label: '最高预算（元）', placeholder: '最高' },
] as const

export type BookingType = { id: number; name: string }

export type BookingPreset = {
  typeId?: number
  teacher?: { id: number; name: string } | null
  course?: { id: number; title: string } | null
}

type DateMode = 'days' | 'month'

type Values = {
  typeId: string
  dateMode: DateMode
  days: string[]
  dayDraft: string
  month: string
  isOnline: boolean
  region: RegionValue
  /** A district, or a city with none below it: as deep as the table goes. */
  isRegionComplete: boolean
  audienceKind: string
  audienceSize: string
  duration: string
  requirements: string
  budgetMin: string
  budgetMax: string
  organization: string
  contactName: string
  phone: string
  consent: boolean
  captchaCode: string
}

/** What the form checks; each is also the id suffix of the control that gets focus. */
type Field = Exclude<BookingRuleField, 'teacherId' | 'courseId' | 'isOnline'> | 'captchaCode'
type Problems = Partial<Record<Field, string>>

/** Top to bottom, so the first problem found is the first one on screen. */
const FIELD_ORDER: Field[] = [
  'typeId',
  'days',
  'month',
  'regionCode',
  'audienceKind',
  'audienceSize',
  'duration',
  'requirements',
  'budgetMin',
  'budgetMax',
  'organization',
  'contactName',
  'phone',
  'captchaCode',
  'consent',
]

const EMPTY_REGION: RegionValue = { provinceCode: '', cityCode: '', districtCode: '' }

const blankValues = (typeId?: number): Values => ({
  typeId: typeId ? String(typeId) : '',
  dateMode: 'days',
  days: [],
  dayDraft: '',
  month: '',
  isOnline: false,
  region: EMPTY_REGION,
  isRegionComplete: false,
  audienceKind: '',
  audienceSize: '',
  duration: '',
  requirements: '',
  budgetMin: '',
  budgetMax: '',
  organization: '',
  contactName: '',
  phone: '',
  consent: false,
  captchaCode: '',
})

const number = (text: string) => (text.trim() === '' ? null : Number(text.trim()))
const regionCodeOf = (values: Values) => (values.isOnline ? '' : values.region.districtCode || values.region.cityCode)

/** The request as the API takes it (captcha aside). */
function payloadOf(values: Values, preset: BookingPreset) {
  return {
    typeId: values.typeId === '' ? undefined : Number(values.typeId),
    teacherId: preset.teacher?.id ?? null,
    courseId: preset.course?.id ?? null,
    days: values.dateMode === 'days' ? values.days : [],
    month: values.dateMode === 'month' ? values.month : '',
    isOnline: values.isOnline,
    regionCode: regionCodeOf(values),
    audienceKind: values.audienceKind || undefined,
    audienceSize: values.audienceSize.trim() === '' ? undefined : Number(values.audienceSize),
    duration: values.duration || undefined,
    requirements: values.requirements.trim(),
    budgetMin: number(values.budgetMin),
    budgetMax: number(values.budgetMax),
    organization: values.organization.trim(),
    contactName: values.contactName.trim(),
    phone: values.phone.trim(),
    consent: values.consent,
  }
}

/** Values every field rule takes, standing in for the fields already found wrong. */
const STAND_IN = {
  typeId: 1,
  days: [],
  month: '',
  audienceKind: 'other',
  audienceSize: 1,
  duration: '2h',
  requirements: '-',
  budgetMin: null,
  budgetMax: null,
  organization: '-',
  contactName: '-',
  phone: '13800000000',
  consent: true,
} as const

/**
 * Every problem of the form in the API's own words: each field alone (bookingProblem), then the checks
 * across fields (bookingRequestSchema), then what the server measures against today's date.
 */
export function bookingFormProblems(
  values: Values,
  preset: BookingPreset,
  { needsCaptcha, today }: { needsCaptcha: boolean; today: string },
) {
  const payload = payloadOf(values, preset)
  const problems: Problems = {}
  const note = (field: Field, problem: string | null | undefined) => {
    if (problem && !problems[field]) problems[field] = problem
  }
  note('typeId', bookingProblem('typeId', payload.typeId))
  if (values.dateMode === 'days') {
    note('days', bookingProblem('days', payload.days))
    if (payload.days.some((day) => day < today)) note('days', '期望日期不能早于今天')
  } else {
    note('month', bookingProblem('month', payload.month))
    if (payload.month && payload.month < today.slice(0, 7)) note('month', '期望月份不能早于本月')
  }
  if (!values.isOnline && values.region.provinceCode && !values.isRegionComplete) note('regionCode', '请选择到区县')
  note('regionCode', bookingProblem('regionCode', payload.regionCode))
  for (const field of ['audienceKind', 'audienceSize', 'duration', 'requirements', 'budgetMin', 'budgetMax'] as const)
    note(field, bookingProblem(field, payload[field]))
  for (const field of ['organization', 'contactName', 'phone', 'consent'] as const) note(field, bookingProblem(field, payload[field]))
  if (needsCaptcha && !values.captchaCode.trim()) note('captchaCode', '请输入图形验证码')

  // The checks across fields run only on a request whose fields all pass: the fields found wrong above
  // stand in with harmless values, so a budget upside down shows even while the phone is still missing.
  const patched: Record<string, unknown> = { ...payload }
  for (const field of Object.keys(problems)) if (field in STAND_IN) patched[field] = STAND_IN[field as keyof typeof STAND_IN]
  const whole = bookingRequestSchema.safeParse(patched)
  if (!whole.success)
    for (const issue of whole.error.issues) {
      const field = issue.path[0] as Field
      // "Choose days or a month" belongs to whichever of the two the form shows.
      note(field === 'days' && values.dateMode === 'month' ? 'month' : field, issue.message)
    }
  return Object.fromEntries(FIELD_ORDER.filter((field) => problems[field]).map((field) => [field, problems[field]])) as Problems
}

const addYears = (day: string, years: number) => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`

type Props = {
  types: BookingType[]
  preset: BookingPreset
  /** A signed-in member: pre-filled contact, no captcha, 我的预约 afterwards. */
  isMember: boolean
}

/**
 * 预约名师 / 邀请授课: what an organisation needs (type, dates or a month, place, audience, duration,
 * requirements, budget) and how to reach it. Checked field by field with the API's own rules.
 */
export function BookingForm({ types, preset, isMember }: Props) {
  const id = useId()
  const fieldId = (field: Field) => `${id}-${field}`
  const [values, setValues] = useState<Values>(() => blankValues(preset.typeId))
  const [problems, setProblems] = useState<Problems>({})
  const [isStarted, setIsStarted] = useState(false)
  const [created, setCreated] = useState<BookingCreated | null>(null)
  const [isPrefilled, setIsPrefilled] = useState(false)
  const prefill = useBookingPrefill(isMember)
  const needsCaptcha = !isMember
  const challenge = useBookingCaptcha(needsCaptcha && isStarted)
  const send = useAddBooking()
  const throttle = useThrottledAction()
  // The day the form opened, in China: the earliest a visitor may pick.
  const [today] = useState(() => chinaDay(Date.now()))

  // The member's last organisation, name and phone, once, into the fields still empty.
  if (prefill.data && !isPrefilled) {
    const known = prefill.data
    setIsPrefilled(true)
    setValues((current) => ({
      ...current,
      organization: current.organization || known.organization,
      contactName: current.contactName || known.contactName,
      phone: current.phone || known.phone,
    }))
  }

  const check = (next: Values) => bookingFormProblems(next, preset, { needsCaptcha, today })
  const change = (patch: Partial<Values>, fields: Field[]) => {
    setIsStarted(true)
    setValues((current) => ({ ...current, ...patch }))
    setProblems((current) => {
      const rest = { ...current }
      for (const field of fields) delete rest[field]
      return rest
    })
  }
  /** On leaving a field that has something in it: its own problem, or none. */
  const recheck = (field: Field) => setProblems((current) => ({ ...current, [field]: check(values)[field] }))

  const addDay = () => {
    const day = values.dayDraft
    if (!day) {
      setProblems((current) => ({ ...current, days: '请先选择日期，再点添加' }))
      return
    }
    const next = [...values.days.filter((item) => item !== day), day].sort()
    const problem = bookingProblem('days', next) ?? (day < today ? '期望日期不能早于今天' : null)
    if (problem) {
      setProblems((current) => ({ ...current, days: problem }))
      return
    }
    change({ days: next, dayDraft: '' }, ['days'])
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setIsStarted(true)
    const found = check(values)
    setProblems(found)
    const first = FIELD_ORDER.find((field) => found[field])
    if (first) {
      document.getElementById(fieldId(first))?.focus()
      return
    }
    if (needsCaptcha && !challenge.captcha) return
    const payload = {
      ...(bookingRequestSchema.parse(payloadOf(values, preset)) as BookingPayload),
      ...(needsCaptcha && challenge.captcha ? { captchaId: challenge.captcha.captchaId, captchaCode: values.captchaCode.trim() } : {}),
    }
    throttle(JSON.stringify(payload), () =>
      send.mutate(payload, {
        onSuccess: (result) => setCreated(result),
        // One guess per image, whatever the answer was.
        onSettled: () => {
          if (!needsCaptcha) return
          setValues((current) => ({ ...current, captchaCode: '' }))
          challenge.refresh()
        },
      }),
    )
  }

  if (created)
    return (
      <BookingDone
        created={created}
        isMember={isMember}
        onAgain={() => {
          setCreated(null)
          setValues(blankValues(preset.typeId))
          setProblems({})
          setIsPrefilled(false)
          send.reset()
        }}
      />
    )

  const described = (field: Field) =>
    problems[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(field)}-error` } : {}
  const errorOf = (field: Field) => <FieldError id={`${fieldId(field)}-error`} message={problems[field]} />
  const target = preset.teacher || preset.course

  return (
    <form className="booking-form card" noValidate onSubmit={submit} onFocus={() => setIsStarted(true)} aria-labelledby={`${id}-title`}>
      <header className="booking-form__head">
        <p className="booking-form__eyebrow">{preset.course ? '邀请授课' : '预约名师'}</p>
        <h2 id={`${id}-title`} className="booking-form__title">
          {target ? (
            <>
              预约：{preset.teacher?.name ?? '名师'}
              {preset.course && <> · 《{preset.course.title}》</>}
            </>
          ) : (
            '填写预约需求'
          )}
        </h2>
        <p className="booking-form__lead">请填写授课需求与联系方式，工作人员将在 1 个工作日内与您联系，为您匹配名师与档期。</p>
      </header>

      <fieldset className="booking-form__section">
        <legend>
          <span className="booking-form__step" aria-hidden="true">
            1
          </span>
          授课安排
        </legend>
        <div className="booking-form__grid">
          <BookingField label="合作类型" htmlFor={fieldId('typeId')} isRequired error={errorOf('typeId')}>
            <select
              id={fieldId('typeId')}
              className="input"
              value={values.typeId}
              onChange={(event) => change({ typeId: event.target.value }, ['typeId'])}
              {...described('typeId')}
            >
              <option value="">请选择合作类型</option>
              {types.map((type) => (
                <option key={type.id} value={String(type.id)}>
                  {type.name}
                </option>
              ))}
            </select>
          </BookingField>
          <BookingField label="授课时长" labelId={`${id}-duration-label`} isRequired error={errorOf('duration')}>
            <div className="booking-pills" role="radiogroup" aria-labelledby={`${id}-duration-label`} {...described('duration')}>
              {Object.entries(DURATIONS).map(([key, label], index) => (
                <label key={key} className={`booking-pill${values.duration === key ? ' is-checked' : ''}`}>
                  <input
                    type="radio"
                    name={`${id}-duration`}
                    id={index === 0 ? fieldId('duration') : undefined}
                    value={key}
                    checked={values.duration === key}
                    onChange={() => change({ duration: key }, ['duration'])}
                  />
                  {label}
                </label>
              ))}
            </div>
          </BookingField>
        </div>

        <BookingField label="期望时间" labelId={`${id}-when-label`} isRequired>
          <div className="booking-switcher" role="radiogroup" aria-labelledby={`${id}-when-label`}>
            {(
              [
                ['days', `指定日期（最多 ${BOOKING_LIMITS.days} 天）`],
                ['month', '只定月份'],
              ] as const
            ).map(([mode, label]) => (
              <label key={mode} className={`booking-pill${values.dateMode === mode ? ' is-checked' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-date-mode`}
                  value={mode}
                  checked={values.dateMode === mode}
                  onChange={() => change({ dateMode: mode }, ['days', 'month'])}
                />
                {label}
              </label>
            ))}
          </div>
          {values.dateMode === 'days' ? (
            <div className="booking-days">
              <div className="booking-days__pick">
                <input
                  id={fieldId('days')}
                  className="input"
                  type="date"
                  aria-label="期望日期"
                  min={today}
                  max={addYears(today, 2)}
                  value={values.dayDraft}
                  disabled={values.days.length >= BOOKING_LIMITS.days}
                  onChange={(event) => change({ dayDraft: event.target.value }, ['days'])}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter') return
                    event.preventDefault()
                    addDay()
                  }}
                  {...described('days')}
                />
                <button type="button" className="btn btn--ghost" onClick={addDay} disabled={values.days.length >= BOOKING_LIMITS.days}>
                  添加日期
                </button>
              </div>
              {values.days.length > 0 ? (
                <ul className="booking-days__list" aria-label="已选日期">
                  {values.days.map((day) => (
                    <li key={day}>
                      <span>{day}</span>
                      <button
                        type="button"
                        aria-label={`移除 ${day}`}
                        onClick={() => change({ days: values.days.filter((item) => item !== day) }, ['days'])}
                      >
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="booking-field__hint">可选一天或几天（不连续也可以），选好一天点“添加日期”</p>
              )}
              {errorOf('days')}
            </div>
          ) : (
            <div className="booking-days">
              <input
                id={fieldId('month')}
                className="input booking-days__month"
                type="month"
                aria-label="期望月份"
                min={today.slice(0, 7)}
                value={values.month}
                onChange={(event) => change({ month: event.target.value }, ['month'])}
                onBlur={() => values.month && recheck('month')}
                {...described('month')}
              />
              <p className="booking-field__hint">日期未定时选月份，具体日期由工作人员与您商定</p>
              {errorOf('month')}
            </div>
          )}
        </BookingField>

        <BookingField
          label="授课地点"
          labelId={`${fieldId('regionCode')}-label`}
          labelAside={
            <label className="booking-switch">
              <input
                type="checkbox"
                role="switch"
                checked={values.isOnline}
                onChange={(event) => change({ isOnline: event.target.checked }, ['regionCode'])}
              />
              <span className="booking-switch__track" aria-hidden="true" />
              线上授课
            </label>
          }
          isRequired
          error={errorOf('regionCode')}
        >
          {values.isOnline ? (
            <p className="booking-online">线上授课：工作人员将与您确认直播平台与接入方式</p>
          ) : (
            <RegionPicker
              id={fieldId('regionCode')}
              value={values.region}
              describedBy={problems.regionCode ? `${fieldId('regionCode')}-error` : undefined}
              isInvalid={Boolean(problems.regionCode)}
              onChange={(region, { isComplete }) => change({ region, isRegionComplete: isComplete }, ['regionCode'])}
            />
          )}
        </BookingField>

        <div className="booking-form__grid">
          <BookingField label="听众类型" htmlFor={fieldId('audienceKind')} isRequired error={errorOf('audienceKind')}>
            <select
              id={fieldId('audienceKind')}
              className="input"
              value={values.audienceKind}
              onChange={(event) => change({ audienceKind: event.target.value }, ['audienceKind'])}
              {...described('audienceKind')}
            >
              <option value="">请选择听众类型</option>
              {Object.entries(AUDIENCE_KINDS).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          </BookingField>
          <BookingField label="听众人数" htmlFor={fieldId('audienceSize')} isRequired error={errorOf('audienceSize')}>
            <div className="booking-unit">
              <input
                id={fieldId('audienceSize')}
                className="input"
                type="number"
                inputMode="numeric"
                min={1}
                max={BOOKING_LIMITS.audienceSize}
                placeholder="约多少人"
                value={values.audienceSize}
                onChange={(event) => change({ audienceSize: event.target.value }, ['audienceSize'])}
                onBlur={() => values.audienceSize && recheck('audienceSize')}
                {...described('audienceSize')}
              />
              <span aria-hidden="true">人</span>
            </div>
          </BookingField>
        </div>
      </fieldset>

      <fieldset className="booking-form__section">
        <legend>
          <span className="booking-form__step" aria-hidden="true">
            2
          </span>
          需求说明
        </legend>
        <BookingField label="授课主题或需求" htmlFor={fieldId('requirements')} isRequired error={errorOf('requirements')}>
          <textarea
            id={fieldId('requirements')}
            className="input booking-field__textarea"
            rows={5}
            maxLength={BOOKING_LIMITS.requirements}
            placeholder="如：面向处级干部的数字经济专题讲座，希望结合本地产业案例，含 30 分钟互动答疑"
            value={values.requirements}
            onChange={(event) => change({ requirements: event.target.value }, ['requirements'])}
            onBlur={() => values.requirements && recheck('requirements')}
            {...described('requirements')}
          />
          <span className="booking-field__count" aria-hidden="true">
            {values.requirements.length} / {BOOKING_LIMITS.requirements}
          </span>
        </BookingField>
        <BookingField
          label="预算范围（元，选填）"
          labelId={`${id}-budget-label`}
          error={
            <>
              {errorOf('budgetMin')}
              {errorOf('budgetMax')}
            </>
          }
        >
          <div className="booking-budget" role="group" aria-labelledby={`${id}-budget-label`}>
            {BUDGET_FIELDS.map(({ field, label, placeholder }, index) => (
              <Fragment key={field}>
                {index > 0 && (
                  <span className="booking-budget__dash" aria-hidden="true">
                    —
                  </span>
                )}
                <div className="booking-unit">
                  <input
                    id={fieldId(field)}
                    className="input"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    aria-label={label}
                    placeholder={placeholder}
                    value={values[field]}
                    // Either bound can make the other wrong (下限高于上限), so both are checked again.
                    onChange={(event) => change({ [field]: event.target.value }, ['budgetMin', 'budgetMax'])}
                    onBlur={() => values[field] && recheck(field)}
                    {...described(field)}
                  />
                  <span aria-hidden="true">元</span>
                </div>
              </Fragment>
            ))}
          </div>
        </BookingField>
      </fieldset>

      <fieldset className="booking-form__section">
        <legend>
          <span className="booking-form__step" aria-hidden="true">
            3
          </span>
          联系方式
        </legend>
        {isMember && prefill.data && (
          <p className="booking-field__hint booking-form__prefilled">已根据您的账号信息预填联系方式，可直接修改</p>
        )}
        <div className="booking-form__grid booking-form__grid--3">
          {(
            [
              ['organization', '单位名称', '如：某市委党校', INQUIRY_LIMITS.organization, 'organization'],
              ['contactName', '联系人', '您的姓名', INQUIRY_LIMITS.contactName, 'name'],
              ['phone', '联系电话', '手机号或带区号的固定电话', 20, 'tel'],
            ] as const
          ).map(([field, label, placeholder, max, autoComplete]) => (
            <BookingField key={field} label={label} htmlFor={fieldId(field)} isRequired error={errorOf(field)}>
              <input
                id={fieldId(field)}
                className="input"
                type={field === 'phone' ? 'tel' : 'text'}
                autoComplete={autoComplete}
                maxLength={max}
                placeholder={placeholder}
                value={values[field]}
                onChange={(event) => change({ [field]: event.target.value }, [field])}
                onBlur={() => values[field] && recheck(field)}
                {...described(field)}
              />
            </BookingField>
          ))}
        </div>
        {needsCaptcha && (
          <BookingField
            label="图形验证码"
            htmlFor={fieldId('captchaCode')}
            isRequired
            className="booking-field--captcha"
            error={errorOf('captchaCode')}
          >
            <div className="booking-captcha">
              <input
                id={fieldId('captchaCode')}
                className="input"
                autoComplete="off"
                maxLength={10}
                placeholder="请输入右侧图中字符"
                value={values.captchaCode}
                onChange={(event) => change({ captchaCode: event.target.value }, ['captchaCode'])}
                {...described('captchaCode')}
              />
              <button
                type="button"
                className="booking-captcha__image"
                onClick={challenge.refresh}
                aria-label="看不清，换一张图形验证码"
                disabled={challenge.isLoading}
              >
                {challenge.captcha ? (
                  <img
                    src={challenge.captcha.image}
                    alt="图形验证码"
                    data-captcha-id={challenge.captcha.captchaId}
                    width={120}
                    height={40}
                  />
                ) : (
                  <span>{challenge.isError ? '点击重试' : isStarted ? '加载中…' : '填写后显示'}</span>
                )}
              </button>
            </div>
          </BookingField>
        )}
        <BookingField error={errorOf('consent')}>
          <label className="booking-consent">
            <input
              id={fieldId('consent')}
              type="checkbox"
              checked={values.consent}
              onChange={(event) => change({ consent: event.target.checked }, ['consent'])}
              {...described('consent')}
            />
            <span>我同意工作人员通过以上联系方式就本次预约与我联系，我的信息仅用于本次预约服务</span>
          </label>
        </BookingField>
      </fieldset>

      {send.isError && (
        <p className="booking-form__failure" role="alert">
          {send.error.message}
        </p>
      )}
      <div className="booking-form__actions">
        <button type="submit" className="btn booking-form__submit" disabled={send.isPending}>
          {send.isPending ? '提交中…' : '提交预约'}
        </button>
        <span className="booking-field__hint">提交后将生成预约编号，可凭编号和联系电话查询进度</span>
      </div>
    </form>
  )
}
