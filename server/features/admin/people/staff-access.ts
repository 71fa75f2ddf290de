// Who may call the console's people and moderation actions, and who did, for the audit log. The role
// sets are the shared table in common/staff-roles.ts, which the console reads to hide what a role cannot use.
import type { MemberContext } from '../../../lib/action'
import { ADMINS, EVERY_STAFF, type StaffRole } from '../../../../common/staff-roles'

/** The access of actions open to `roles`, refused with a Chinese `refusal` for everyone else. */
export const staffOnly = (roles: readonly StaffRole[], refusal: string) => ({ staff: roles, refusal }) as const
/** Every staff role: the dashboard and the menu badges. */
export const everyStaff = (refusal: string) => staffOnly(EVERY_STAFF, refusal)
/** Admins only: staff, members, roles, sensitive words. */
export const adminsOnly = (refusal: string) => staffOnly(ADMINS, refusal)

/** The staff member writing, their address and the action, as the services record them. */
export type StaffActor = { staffId: number; ip: string; action: string }

export const actorOf = ({ member, ip }: MemberContext, name: string): StaffActor => ({ staffId: member.id, ip, action: `Admin/${name}` })
