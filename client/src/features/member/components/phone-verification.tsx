import { useMutation } from '@tanstack/react-query'
import { useRef } from 'react'
import { showToast } from '../../../lib/toast'
import { useThrottledAction } from '../../../lib/use-throttled-action'
import { sendAuthCode } from '../api/send-auth-code'
import { useCaptcha } from '../hooks/use-captcha'
import { useCountdown } from '../hooks/use-countdown'
import { captchaProblem, PHONE_LENGTH, phoneProblem, SMS_CODE_LENGTH, type Problems } from '../../../lib/validation'
import type { SmsPurpose } from '../types'
import { TextField } from '../../../components/ui/text-field'

export type VerificationValues = { phone: string; captchaCode: string; code: string }
export type VerificationField = keyof VerificationValues

const RESEND_SECONDS = 60

type Props = {
  purpose: SmsPurpose
  idPrefix: string
  values: VerificationValues
  onChange: (patch: Partial<VerificationValues>) => void
  errors: Problems<VerificationField>
  onErrors: (patch: Problems<VerificationField>) => void
  onBlurField: (field: VerificationField) => void
}

/** Phone, image captcha and SMS code: the first three fields of registration and password recovery. */
export function PhoneVerification({ purpose, idPrefix, values, onChange, errors, onErrors, onBlurField }: Props) {
  const { captcha, isLoading, isError, refresh } = useCaptcha(purpose)
  const countdown = useCountdown()
  const codeInput = useRef<HTMLInputElement>(null)
  const throttle = useThrottledAction()

  const send = useMutation({
    mutationFn: () =>
      sendAuthCode({ phone: values.phone.trim(), purpose, captchaId: captcha?.captchaId ?? '', captchaCode: values.captchaCode.trim() }),
    onSuccess: (result) => {
      countdown.start(result?.resendIn ?? RESEND_SECONDS)
      showToast('验证码已发送，请注意查收', 'success')
      codeInput.current?.focus()
    },
    onError: (error) => {
      // "请 N 秒后再试": show the wait on the button instead of letting the member guess.
      const wait = /(\d+)\s*秒/.exec(error.message)
      if (wait) countdown.start(Number(wait[1]))
    },
    onSettled: () => {
      // Every attempt uses the image up on the server; ask for a new one.
      onChange({ captchaCode: '' })
      refresh()
    },
  })

  const requestCode = () => {
    const problems = { phone: phoneProblem(values.phone) ?? undefined, captchaCode: captchaProblem(values.captchaCode) ?? undefined }
    onErrors(problems)
    if (problems.phone || problems.captchaCode || !captcha || send.isPending) return
    throttle(`${values.phone}|${captcha.captchaId}|${values.captchaCode}`, () => send.mutate())
  }

  const sendLabel = send.isPending
    ? '发送中…'
    : countdown.isRunning
      ? `${countdown.left} 秒后重发`
      : send.isSuccess
        ? '重新获取'
        : '获取验证码'

  return (
    <>
      <TextField
        id={`${idPrefix}-phone`}
        label="手机号"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={PHONE_LENGTH}
        placeholder="请输入 11 位手机号"
        value={values.phone}
        onValueChange={(phone) => onChange({ phone: phone.replace(/\D/g, '') })}
        onBlur={() => onBlurField('phone')}
        error={errors.phone}
      />
      <TextField
        id={`${idPrefix}-captcha`}
        label="图形验证码"
        autoComplete="off"
        maxLength={10}
        placeholder="请输入右侧图中字符"
        value={values.captchaCode}
        onValueChange={(captchaCode) => onChange({ captchaCode })}
        onBlur={() => onBlurField('captchaCode')}
        error={errors.captchaCode}
        hint="看不清？点击图片换一张"
        addon={
          <button type="button" className="member-captcha" onClick={refresh} aria-label="看不清，换一张图形验证码" disabled={isLoading}>
            {captcha ? (
              <img src={captcha.image} alt="图形验证码" data-captcha-id={captcha.captchaId} width={120} height={40} />
            ) : (
              <span className="member-captcha__placeholder">{isError ? '点击重试' : '加载中…'}</span>
            )}
          </button>
        }
      />
      <TextField
        ref={codeInput}
        id={`${idPrefix}-code`}
        label="短信验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_LENGTH}
        placeholder="请输入 6 位短信验证码"
        value={values.code}
        onValueChange={(code) => onChange({ code: code.replace(/\D/g, '') })}
        onBlur={() => onBlurField('code')}
        error={errors.code}
        hint="验证码 5 分钟内有效"
        addon={
          <button
            type="button"
            className="btn btn--ghost member-send-code"
            onClick={requestCode}
            disabled={countdown.isRunning || send.isPending}
          >
            {sendLabel}
          </button>
        }
      />
    </>
  )
}
