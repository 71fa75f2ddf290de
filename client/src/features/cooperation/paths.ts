import { cooperationDetailPath } from '../../lib/search-params'

/**
 * A type's page is /cooperation/detail/{encoded {id, name}} (spec §2). Its cooperations (合作项目) share that
 * route and add ?entry={id}, so the spec's two-field parameter never has to guess what it names.
 */
export const typePath = (type: { id: number; name: string }) => cooperationDetailPath({ id: type.id, name: type.name })
export const cooperationPath = (type: { id: number; name: string }, cooperationId: number) => `${typePath(type)}?entry=${cooperationId}`
