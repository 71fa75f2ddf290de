// Member nicknames, shown in the top bar and beside submissions.
import { z } from '../validation/z'
import { firstProblem } from '../validation/first-problem'

/** Counted in characters: zod (4.6+) counts code points, so an emoji counts once, as the form always did. */
export const NICKNAME_MAX = 20

export const nicknameSchema = z
  .string({ error: '请输入昵称' })
  .trim()
  .min(1, { error: '请输入昵称' })
  .max(NICKNAME_MAX, { error: `昵称最多 ${NICKNAME_MAX} 个字` })
  // Angle brackets and control characters would only ever be markup or garbage in a display name.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .refine((v) => !/[<>\u0000-\u001f]/.test(v), { error: '昵称不能包含特殊字符' })

/** Form check, the same words the API answers with. */
export function nicknameProblem(nickname: string): string | null {
  return firstProblem(nicknameSchema, nickname)
}
