// The `stream` field of the replies that carry a video (common/video.ts says what it means).
import { z } from '../validation/z'

/** The reply shape of a `stream` field. */
export const videoStreamSchema = z
  .discriminatedUnion('state', [
    z.strictObject({
      state: z.literal('ready'),
      master: z.string(),
      poster: z.string(),
      duration: z.number(),
      width: z.int(),
      height: z.int(),
      renditions: z.array(z.strictObject({ height: z.int(), label: z.string() })),
    }),
    z.strictObject({ state: z.enum(['queued', 'running']), percent: z.int() }),
    z.strictObject({ state: z.literal('failed'), reason: z.string() }),
  ])
  .nullable()
