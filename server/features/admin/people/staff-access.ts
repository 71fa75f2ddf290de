// Who may call the console's people and moderation actions, and who did, for the audit log.
import type { MemberContext } from '../../../lib/action'

/** Admins and editors: review queues, inquiries, media, dashboard. */
export const everyStaff = (refusal: string) => ({ staff: ['admin', 'editor'], refusal }) as const
/** Admins only: members, roles, sensitive words. */
export const adminsOnly = (refusal: string) => ({ staff: ['admin'], refusal }) as const

/** The staff member writing, their address and the action, as the services record them. */
export type StaffActor = { staffId: number; ip: string; action: string }

export const actorOf = ({ member, ip }: MemberContext, name: string): StaffActor => ({ staffId: member.id, ip, action: `Admin/${name}` })
