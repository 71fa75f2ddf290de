// An API action is declared once, as data: its place in the contract, its input schema, who may
// call it, the service call that answers it, how its answer may be cached, and an example payload.
// Features declare their actions with this module; http/dispatch.ts serves every declared action
// through the same steps; the registry (server/actions.ts) lists them all, and docs/API.md
// documents exactly that list (checked by a test). It lives in lib so that both sides may use it.
import type { z } from 'zod'
import type { ReplyMarker, Wire } from '../../common/api/reply'
import type { PreviewGrant } from './preview-grant'
import type { UploadIntake } from './uploads'
import type { StaffRole } from '../../common/staff-roles'

export type Group = 'Index' | 'Teacher' | 'Course' | 'Special' | 'Member' | 'Region' | 'Admin'
export type { StaffRole } from '../../common/staff-roles'

/**
 * public: anyone, the same answer for everyone. viewer: anyone, tailored when a valid token comes
 * along (已关注/已收藏); a bad token is ignored. member: a valid token is required. staff: a member
 * holding one of the roles.
 */
export type Access = 'public' | 'viewer' | 'member' | { staff: readonly StaffRole[]; refusal?: string }

export type ReceivedFile = { path: string; originalName: string; size: number }

/** The signed-in member, and the token they called with (`tokenId` is absent on tokens issued before sign-out existed). */
/** `passwordChangeDue`: a first password an admin chose waits to be changed; staff actions are refused until then. */
export type AuthedMember = {
  id: number
  memberNo: string
  role: string
  passwordChangeDue?: boolean
  tokenId?: string
  tokenExpiresAt: Date
}

export type ActionContext = {
  /** The signed-in caller: always set for member and staff actions, maybe for viewer actions. */
  member: AuthedMember | null
  ip: string
  /** The client's User-Agent header, when sent (a sign-in from a new device, issue 25). */
  userAgent?: string
  /** The uploaded file of an upload action. */
  file?: ReceivedFile
  /**
   * A valid preview link's grant (lib/preview-grant.ts), set by the pipeline and the server render:
   * detail services show that one unpublished item. A call carrying one never uses the cache.
   */
  preview?: PreviewGrant
}
export type MemberContext = ActionContext & { member: AuthedMember }
type ContextFor<A extends Access> = A extends 'public' | 'viewer' ? ActionContext : MemberContext

/**
 * How a read's answer is kept (server/data/cache.ts): `shared` answers are built once for every
 * visitor, `member` answers once per member. Both are rebuilt when content changes or one of their
 * tags does (every member answer is tagged with its member). `live` fields are left out of the
 * kept answer and computed on every request: a view count, whether this viewer follows.
 */
export type CachePolicy<I, L extends object = object> = {
  scope: 'shared' | 'member'
  tags?: (input: I) => string[]
  live?: {
    fields: readonly (keyof L & string)[]
    /**
     * `data` is the kept answer. It stays `unknown`: typed as the handler's answer, a policy's
     * `(_data: unknown)` would become the inference of that type and void the reply check.
     */
    compute: (data: unknown, input: I, ctx: ActionContext) => L | Promise<L>
  }
}

/** The reply a client receives: the handler's answer with the live fields put over it. */
type WithLive<R, L> = [keyof L] extends [never] ? R : R extends object ? Omit<R, keyof L> & L : R

/**
 * What a write changes beyond the caller's own member data (which every member write refreshes):
 * `content` when public pages may show it, `tags` for narrower effects (a teacher's follower count).
 */
export type Changes<I> = { content?: boolean; tags?: (input: I) => string[] }

export type ActionSpec<S extends z.ZodType, R, A extends Access, L extends object> = {
  group: Group
  name: string
  /** One line in Chinese for docs and the admin of the API. */
  summary: string
  input: S
  access: A
  handler: (input: z.output<S>, ctx: ContextFor<A>) => Promise<R> | R
  cache?: CachePolicy<z.output<S>, L>
  changes?: Changes<z.output<S>>
  /**
   * The reply declared in common/api (`replyOf('Group/action')`): compilation fails unless the JSON
   * form of what the handler returns, live fields included, fits the declaration. The cache policy
   * alone decides L (NoInfer): inferred from the declaration, L would make any reply fit.
   */
  reply?: ReplyMarker<Wire<WithLive<R, NoInfer<L>>>>
  /**
   * Multipart actions: the file kinds accepted in the `file` part and the admission the pipeline
   * asks for before reading it (acceptUploads, features/upload/upload.service.ts). The admission is
   * per member, so an upload action needs a signed-in member.
   */
  upload?: UploadIntake
  /** A payload that succeeds against the demo database (docs, benchmark, fuzz seeds). */
  example: z.input<S>
}

/** A declared action with its types erased, as the registry and the pipeline hold it. */
export type Action = {
  group: Group
  name: string
  summary: string
  input: z.ZodType
  access: Access
  handler: (input: unknown, ctx: ActionContext) => unknown
  cache?: CachePolicy<unknown, Record<string, unknown>>
  changes?: Changes<unknown>
  upload?: UploadIntake
  reply?: ReplyMarker<unknown>
  example: unknown
}

export function defineAction<S extends z.ZodType, R, A extends Access, L extends object = Record<never, never>>(
  spec: ActionSpec<S, R, A, L>,
): Action {
  if (spec.cache && spec.changes) throw new Error(`${spec.group}/${spec.name}: a cached read cannot declare changes`)
  if (spec.upload && (spec.access === 'public' || spec.access === 'viewer')) {
    throw new Error(`${spec.group}/${spec.name}: an upload action needs a signed-in member (its quota is per member)`)
  }
  return spec as unknown as Action
}

export const actionPath = (action: Pick<Action, 'group' | 'name'>) => `/api/${action.group}/${action.name}`
