// The draft of a published record's next version (docs/DECISIONS.md, "Drafts of a published item"):
// staff save edits of a live item without touching it, preview them on the real page, then publish
// them (one new version, through Save's own path) or discard them. One draft per record; saving
// again replaces it. Unpublished records need none: their Save touches nothing live.
import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { clock } from '../../lib/clock'
import { recordAudit } from '../audit/audit.service'
import {
  checkRecord,
  getContent,
  saveContent,
  withContentLock,
  withState,
  type Actor,
  type ContentEntity,
  type Row,
} from '../admin/content.service'
import { cleanRecord } from '../content/record.service'
import { draftOf, dropDraft, keepDraft } from './content-state.service'

const draftTitle = (entity: ContentEntity, record: Row) => `${entity.label}「${entity.titleOf(record)}」`

/** The record's draft with who saved it and when, or null when it has none. */
export async function getDraft(entity: ContentEntity, id: number) {
  await getContent(entity, id)
  const draft = await draftOf(entity.word, id)
  if (!draft) return null
  const staff = draft.draftBy ? await prisma.member.findUnique({ where: { id: draft.draftBy }, select: { nickname: true } }) : null
  return { record: { ...draft.record, id }, draftAt: draft.draftAt.toISOString(), staffName: staff?.nickname ?? '' }
}

/**
 * Checks the edits as Save would (nothing is kept when they would fail) and keeps them, rich text
 * cleaned, beside the live record. Refused for a record that is not published: Save it instead.
 */
export function saveDraft(entity: ContentEntity, input: Row, actor: Actor) {
  return withContentLock(async () => {
    const id = input.id as number
    const live = await getContent(entity, id)
    if (live.state !== 'published') {
      throw new ApiError(Code.BAD_PARAMS, `该${entity.label}尚未发布，直接保存即可，无需草稿`)
    }
    const { record } = await checkRecord(entity, input)
    const draft = (await cleanRecord(entity.kind, record as never)) as Row
    const now = new Date(clock.now())
    return prisma.$transaction(async (tx) => {
      await keepDraft(tx, entity.word, id, draft, actor.staffId, now)
      await recordAudit(
        {
          staffId: actor.staffId,
          action: `Admin/${entity.word}DraftSave`,
          entity: entity.word,
          entityId: id,
          summary: `保存${draftTitle(entity, draft)}的草稿（线上内容不变）`,
          before: live,
          after: { ...draft, id },
          ip: actor.ip,
        },
        tx,
      )
      return withState(entity, live, tx)
    })
  })
}

/** Makes the draft the live record: one new version, audited as such; the draft is gone after. */
export async function publishDraft(entity: ContentEntity, id: number, actor: Actor) {
  await getContent(entity, id)
  const draft = await draftOf(entity.word, id)
  if (!draft) throw new ApiError(Code.NOT_FOUND, `该${entity.label}没有待发布的草稿`)
  return saveContent(entity, { ...draft.record, id }, actor, {
    action: `Admin/${entity.word}DraftPublish`,
    summary: (after) => `发布${draftTitle(entity, after)}的草稿`,
    // Only the draft that was read: a second publish, or one racing a newer save, changes nothing.
    alsoWrite: async (tx) => {
      if (!(await dropDraft(tx, entity.word, id, draft.draftAt))) {
        throw new ApiError(Code.EXISTS, '草稿已被发布、丢弃或重新保存，请刷新后再试')
      }
    },
  })
}

/** Throws the draft away; the live record is untouched. */
export function discardDraft(entity: ContentEntity, id: number, actor: Actor) {
  return withContentLock(async () => {
    const live = await getContent(entity, id)
    const draft = await draftOf(entity.word, id)
    if (!draft) throw new ApiError(Code.NOT_FOUND, `该${entity.label}没有待发布的草稿`)
    return prisma.$transaction(async (tx) => {
      await dropDraft(tx, entity.word, id, draft.draftAt)
      await recordAudit(
        {
          staffId: actor.staffId,
          action: `Admin/${entity.word}DraftDiscard`,
          entity: entity.word,
          entityId: id,
          summary: `丢弃${draftTitle(entity, live)}的草稿`,
          before: { ...draft.record, id },
          ip: actor.ip,
        },
        tx,
      )
      return withState(entity, live, tx)
    })
  })
}
