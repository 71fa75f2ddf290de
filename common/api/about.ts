// Replies of the about section and the partners (server/features/about), in the Course group.
import { z } from '../validation/z'
import { isoDate } from './cards'

export const aboutKeys = ['intro', 'terms', 'privacy', 'statement', 'contact', 'service'] as const
export type AboutKey = (typeof aboutKeys)[number]

export const aboutPageSchema = z.strictObject({
  key: z.enum(aboutKeys),
  title: z.string(),
  content: z.string(),
  /** Terms and privacy versions are recorded when a member registers. */
  version: z.string(),
  updatedAt: isoDate,
})
export type AboutPage = z.infer<typeof aboutPageSchema>

export const partnerSchema = z.strictObject({ id: z.int(), name: z.string(), logo: z.string(), link: z.string() })
export type Partner = z.infer<typeof partnerSchema>

export const aboutReplies = {
  'Course/cooperative': z.array(partnerSchema),
  'Course/getIntro': aboutPageSchema,
  'Course/getService': aboutPageSchema,
  'Course/getLianxi': aboutPageSchema,
  'Course/getStatement': aboutPageSchema,
  'Course/getClause': aboutPageSchema,
  'Course/getPrivacy': aboutPageSchema,
}
