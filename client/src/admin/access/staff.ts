import { createContext, useContext } from 'react'
import { ROLE_LABELS, type MemberRole } from '../../../../common/rules/roles'
import {
  ADMINS,
  CONTENT_EDITORS,
  DELETERS,
  EVERY_STAFF as EVERY_STAFF_ROLE,
  PUBLISHERS,
  REVIEWERS,
  isStaffRole,
  type StaffRole,
} from '../../../../common/staff-roles'

export type { StaffRole }
export type Staff = { nickname: string; memberNo: string; role: StaffRole; roleLabel: string }

// Who may open a console page or use a button: the server's table (common/staff-roles.ts), so the
// console hides exactly what the server would refuse.
export const EVERY_STAFF = EVERY_STAFF_ROLE
export const ADMIN_ONLY = ADMINS
export { CONTENT_EDITORS, DELETERS, PUBLISHERS, REVIEWERS }

/** The tag colour of each role, in the header, the member list and the staff list. */
export const ROLE_COLORS: Record<MemberRole, string> = {
  member: 'default',
  editor: 'blue',
  reviewer: 'green',
  publisher: 'purple',
  sales: 'cyan',
  admin: 'gold',
}

/** The staff role in a Member/getUserInfo answer, or null for everyone else. */
export function staffRoleOf(info: { role?: string | null; isAdmin?: boolean }): StaffRole | null {
  // `role` is the server's word; `isAdmin` alone is what servers without roles answered.
  const role = info.role ?? (info.isAdmin ? 'admin' : 'member')
  return isStaffRole(role) ? role : null
}

export const staffOf = (nickname: string, memberNo: string, role: StaffRole): Staff => ({
  nickname,
  memberNo,
  role,
  roleLabel: ROLE_LABELS[role],
})

export const StaffContext = createContext<Staff | null>(null)

export function useStaff(): Staff {
  const staff = useContext(StaffContext)
  if (!staff) throw new Error('useStaff is used inside <AdminGate>')
  return staff
}

export const mayOpen = (staff: Staff, roles: readonly StaffRole[]) => roles.includes(staff.role)

/** Whether the signed-in staff member may use a button open to `roles`; false outside the console's gate. */
export function useMay(roles: readonly StaffRole[]): boolean {
  const staff = useContext(StaffContext)
  return staff !== null && mayOpen(staff, roles)
}
