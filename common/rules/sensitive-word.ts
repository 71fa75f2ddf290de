// The admins' sensitive-word list: what a word does when found, and where text is screened.
import { z } from '../validation/z'

/** block: the text is refused and the member asked to change it. mask: the word is stored as ＊. */
export const SENSITIVE_MODES = ['block', 'mask'] as const
export type SensitiveMode = (typeof SENSITIVE_MODES)[number]
export const SENSITIVE_MODE_TEXT: Readonly<Record<SensitiveMode, string>> = { block: '禁止提交', mask: '替换为＊' }
export const sensitiveModeSchema = z.enum(SENSITIVE_MODES, { error: '处理方式应为 block（禁止提交）或 mask（替换为＊）' })

export const SENSITIVE_SOURCES = ['contribution', 'nickname', 'inquiry', 'comment'] as const
export type SensitiveSource = (typeof SENSITIVE_SOURCES)[number]
export const SENSITIVE_SOURCE_TEXT: Readonly<Record<SensitiveSource, string>> = {
  contribution: '投稿',
  nickname: '昵称',
  inquiry: '合作咨询',
  comment: '评论',
}
export const sensitiveSourceSchema = z.enum(SENSITIVE_SOURCES, { error: '来源应为 contribution、nickname、inquiry 或 comment' })

/** The character a masked word's characters become. */
export const MASK_CHAR = '＊'
export const SENSITIVE_WORD_MAX = 30
