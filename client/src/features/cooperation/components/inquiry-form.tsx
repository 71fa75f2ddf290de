import { useId, useState, type FormEvent } from 'react'
import { INQUIRY_LIMITS, inquiryProblem, type InquiryField } from '../../../../../common/rules'
import { useThrottledAction } from '../../../lib/use-throttled-action'
import { useAddInquiry } from '../api/add-inquiry'
import { useCooperationTypes } from '../api/get-cooperation-types'
import { useInquiryCaptcha } from '../api/get-inquiry-captcha'
import './inquiry-form.css'

type Values = { organization: string; contactName: string; phone: string; typeId: string; message: string; captchaCode: string }
type Field = keyof Values
type Errors = Partial<Record<Field, string>>

const TEXT_FIELDS: {
  field: Exclude<InquiryField, 'typeId' | 'message'>
  label: string
  placeholder: string
  max?: number
  type?: string
}[] = [
  { field: 'organization', label: '单位名称', placeholder: '如：某市委党校', max: INQUIRY_LIMITS.organization },
  { field: 'contactName', label: '联系人', placeholder: '您的姓名', max: INQUIRY_LIMITS.contactName },
  { field: 'phone', label: '联系电话', placeholder: '手机号或带区号的固定电话', type: 'tel' },
]

/** The same words the server answers with (common/rules/inquiry.ts), checked before sending. */
function problemOf(field: Field, values: Values): string | null {
  if (field === 'captchaCode') return values.captchaCode.trim() ? null : '请输入图形验证码'
  if (field === 'typeId') return inquiryProblem('typeId', values.typeId === '' ? undefined : values.typeId)
  return inquiryProblem(field, values[field])
}

const FIELDS: Field[] = ['organization', 'contactName', 'phone', 'typeId', 'message', 'captchaCode']

/**
 * 合作咨询 on a cooperation page: an organisation leaves its contact and what it needs; staff answer
 * from the console's inbox. The page's cooperation type comes preselected.
 */
export function InquiryForm({ typeId }: { typeId: number }) {
  const id = useId()
  const types = useCooperationTypes()
  const blank: Values = { organization: '', contactName: '', phone: '', typeId: String(typeId), message: '', captchaCode: '' }
  const [values, setValues] = useState<Values>(blank)
  const [errors, setErrors] = useState<Errors>({})
  const [isStarted, setIsStarted] = useState(false)
  const [sent, setSent] = useState<string | null>(null)
  const challenge = useInquiryCaptcha(isStarted)
  const send = useAddInquiry()
  const throttle = useThrottledAction()

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }
  const check = (field: Field) => setErrors((current) => ({ ...current, [field]: problemOf(field, values) ?? undefined }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setIsStarted(true)
    const found = Object.fromEntries(FIELDS.map((field) => [field, problemOf(field, values) ?? undefined])) as Errors
    setErrors(found)
    if (Object.values(found).some(Boolean) || !challenge.captcha) return
    const payload = {
      typeId: Number(values.typeId),
      organization: values.organization.trim(),
      contactName: values.contactName.trim(),
      phone: values.phone.trim(),
      message: values.message.trim(),
      captchaId: challenge.captcha.captchaId,
      captchaCode: values.captchaCode.trim(),
    }
    throttle(JSON.stringify(payload), () =>
      send.mutate(payload, {
        onSuccess: (result) => {
          setSent(result.message)
          setValues(blank)
        },
        // One guess per image, whatever the answer was.
        onSettled: () => {
          setValues((current) => ({ ...current, captchaCode: '' }))
          challenge.refresh()
        },
      }),
    )
  }

  if (sent)
    return (
      <div className="inquiry-done" role="status">
        <p className="inquiry-done__title">{sent}</p>
        <p>我们的工作人员会通过您留下的电话联系您。</p>
        <button type="button" className="btn btn--ghost" onClick={() => setSent(null)}>
          继续咨询
        </button>
      </div>
    )

  const fieldId = (field: Field) => `${id}-${field}`
  const errorOf = (field: Field) =>
    errors[field] ? (
      <span id={`${fieldId(field)}-error`} className="field-error">
        {errors[field]}
      </span>
    ) : null
  const described = (field: Field) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(field)}-error` } : {})

  return (
    <form className="inquiry-form" noValidate onSubmit={submit} onFocus={() => setIsStarted(true)} aria-label="合作咨询">
      <div className="inquiry-form__grid">
        {TEXT_FIELDS.map(({ field, label, placeholder, max, type }) => (
          <div className="inquiry-form__field" key={field}>
            <label htmlFor={fieldId(field)}>{label}</label>
            <input
              id={fieldId(field)}
              className="input"
              type={type ?? 'text'}
              value={values[field]}
              placeholder={placeholder}
              maxLength={max}
              onChange={(event) => change(field, event.target.value)}
              onBlur={() => check(field)}
              {...described(field)}
            />
            {errorOf(field)}
          </div>
        ))}
        <div className="inquiry-form__field">
          <label htmlFor={fieldId('typeId')}>合作类型</label>
          <select
            id={fieldId('typeId')}
            className="input"
            value={values.typeId}
            onChange={(event) => change('typeId', event.target.value)}
            {...described('typeId')}
          >
            <option value="">请选择合作类型</option>
            {(types.data ?? []).map((type) => (
              <option key={type.id} value={String(type.id)}>
                {type.name}
              </option>
            ))}
          </select>
          {errorOf('typeId')}
        </div>
      </div>
      <div className="inquiry-form__field">
        <label htmlFor={fieldId('message')}>合作需求</label>
        <textarea
          id={fieldId('message')}
          className="input inquiry-form__message"
          rows={4}
          value={values.message}
          maxLength={INQUIRY_LIMITS.message}
          placeholder="请简要说明培训对象、人数、时间和希望的主题"
          onChange={(event) => change('message', event.target.value)}
          onBlur={() => check('message')}
          {...described('message')}
        />
        {errorOf('message')}
      </div>
      <div className="inquiry-form__field inquiry-form__captcha">
        <label htmlFor={fieldId('captchaCode')}>图形验证码</label>
        <div className="inquiry-form__captcha-row">
          <input
            id={fieldId('captchaCode')}
            className="input"
            autoComplete="off"
            maxLength={10}
            placeholder="请输入右侧图中字符"
            value={values.captchaCode}
            onChange={(event) => change('captchaCode', event.target.value)}
            onBlur={() => check('captchaCode')}
            {...described('captchaCode')}
          />
          <button
            type="button"
            className="inquiry-form__captcha-image"
            onClick={challenge.refresh}
            aria-label="看不清，换一张图形验证码"
            disabled={challenge.isLoading}
          >
            {challenge.captcha ? (
              <img src={challenge.captcha.image} alt="图形验证码" width={120} height={40} />
            ) : (
              <span>{challenge.isError ? '点击重试' : isStarted ? '加载中…' : '填写后显示'}</span>
            )}
          </button>
        </div>
        {errorOf('captchaCode')}
      </div>
      {send.isError && (
        <p className="inquiry-form__failure" role="alert">
          {send.error.message}
        </p>
      )}
      <button type="submit" className="btn inquiry-form__submit" disabled={send.isPending}>
        {send.isPending ? '提交中…' : '提交咨询'}
      </button>
    </form>
  )
}
