// Every declared reply, by action path: the client's `post` reads its reply type from here, each
// action names its entry with `replyOf(path)` (checked by TypeScript), and
// server/features/api-replies.test.ts parses real replies with these strict schemas.
import type { z } from '../validation/z'
import { aboutReplies } from './about'
import { articleReplies } from './article'
import { bookingReplies } from './booking'
import { captchaReplies } from './captcha'
import { commentReplies } from './comment'
import { cooperationReplies } from './cooperation'
import { courseReplies } from './course'
import { homeReplies } from './home'
import { memberReplies } from './member'
import { searchReplies } from './search'
import { specialReplies } from './special'
import { teacherReplies } from './teacher'

export const replySchemas = {
  ...homeReplies,
  ...searchReplies,
  ...teacherReplies,
  ...articleReplies,
  ...courseReplies,
  ...specialReplies,
  ...aboutReplies,
  ...cooperationReplies,
  ...captchaReplies,
  ...memberReplies,
  ...commentReplies,
  ...bookingReplies,
}

/** `Group/action` of every declared reply. */
export type ReplyPath = keyof typeof replySchemas
export type Replies = { [P in ReplyPath]: z.infer<(typeof replySchemas)[P]> }
