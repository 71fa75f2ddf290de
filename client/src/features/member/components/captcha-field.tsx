import type { Ref } from 'react'
import type { useCaptcha } from '../hooks/use-captcha'
import { TextField } from '../../../components/ui/text-field'

type Props = {
  ref?: Ref<HTMLInputElement>
  id: string
  value: string
  onValueChange: (value: string) => void
  onBlur?: () => void
  error?: string
  challenge: ReturnType<typeof useCaptcha>
}

/** The image captcha's input with the picture beside it; clicking the picture draws a new one. */
export function CaptchaField({ ref, id, value, onValueChange, onBlur, error, challenge }: Props) {
  const { captcha, isLoading, isError, refresh } = challenge
  return (
    <TextField
      ref={ref}
      id={id}
      label="图形验证码"
      autoComplete="off"
      maxLength={10}
      placeholder="请输入右侧图中字符"
      value={value}
      onValueChange={onValueChange}
      onBlur={onBlur}
      error={error}
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
  )
}
