import type { NextFunction, Request, RequestHandler, Response } from 'express'
import type { z } from 'zod'
import { ApiError, Code, ok } from './envelope'
import { authenticate, optionalMember, type AuthedMember } from './auth'

type Handler<S extends z.ZodType, R> = (input: z.infer<S>, req: Request) => Promise<R> | R
type MemberHandler<S extends z.ZodType, R> = (input: z.infer<S>, member: AuthedMember, req: Request) => Promise<R> | R
type ViewerHandler<S extends z.ZodType, R> = (input: z.infer<S>, viewer: AuthedMember | null, req: Request) => Promise<R> | R

const send = (res: Response, data: unknown) => res.status(200).json(ok(data ?? null))

/** A public action: body parsed by `schema`, result wrapped in the OK envelope. */
export function endpoint<S extends z.ZodType, R>(schema: S, handler: Handler<S, R>): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      send(res, await handler(schema.parse(req.body ?? {}), req))
    } catch (error) {
      next(error)
    }
  }
}

/** A member action: the token decides who acts; ids in the body never do. */
export function memberEndpoint<S extends z.ZodType, R>(schema: S, handler: MemberHandler<S, R>): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const member = await authenticate(req)
      send(res, await handler(schema.parse(req.body ?? {}), member, req))
    } catch (error) {
      next(error)
    }
  }
}

/** A public action that tailors its answer when a valid token comes along (e.g. "已收藏"). */
export function viewerEndpoint<S extends z.ZodType, R>(schema: S, handler: ViewerHandler<S, R>): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const viewer = await optionalMember(req)
      send(res, await handler(schema.parse(req.body ?? {}), viewer, req))
    } catch (error) {
      next(error)
    }
  }
}

/** An editor's action: a signed-in member whose role is admin; anyone else is refused with 403. */
export function adminEndpoint<S extends z.ZodType, R>(schema: S, handler: MemberHandler<S, R>): RequestHandler {
  return memberEndpoint(schema, (input, member, req) => {
    if (member.role !== 'admin') throw new ApiError(Code.FORBIDDEN, '仅管理员可以审核内容')
    return handler(input, member, req)
  })
}
