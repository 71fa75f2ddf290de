// Replies of business cooperation (server/features/cooperation), in the Course group:
// cooperationDetails is a type's page (ids 1-5), cooperationDetails2 one entry of a type.
import { z } from '../validation/z'
import { isoDate, namedSchema } from './cards'
import { pageFields } from './page'

export const cooperationTypeSchema = z.strictObject({ id: z.int(), name: z.string(), intro: z.string(), cover_img: z.string() })
export type CooperationType = z.infer<typeof cooperationTypeSchema>

export const cooperationTypeDetailSchema = z.strictObject({ ...cooperationTypeSchema.shape, content: z.string() })
export type CooperationTypeDetail = z.infer<typeof cooperationTypeDetailSchema>

export const cooperationSummarySchema = z.strictObject({
  id: z.int(),
  title: z.string(),
  cover_img: z.string(),
  intro: z.string(),
  views: z.int(),
})
export type CooperationSummary = z.infer<typeof cooperationSummarySchema>

/** A page of one type's entries, with the type itself. */
export const cooperationListSchema = z.strictObject({ type: cooperationTypeSchema, ...pageFields(cooperationSummarySchema) })
export type CooperationList = z.infer<typeof cooperationListSchema>

export const cooperationDetailSchema = z.strictObject({
  ...cooperationSummarySchema.shape,
  content: z.string(),
  createdAt: isoDate,
  type: namedSchema,
})
export type CooperationDetail = z.infer<typeof cooperationDetailSchema>

export const inquiryResultSchema = z.strictObject({ id: z.int(), message: z.string() })
export type InquiryResult = z.infer<typeof inquiryResultSchema>

export const cooperationReplies = {
  'Course/cooperationType': z.array(cooperationTypeSchema),
  'Course/cooperationList': cooperationListSchema,
  'Course/cooperationDetails': cooperationTypeDetailSchema,
  'Course/cooperationDetails2': cooperationDetailSchema,
  'Course/addInquiry': inquiryResultSchema,
}
