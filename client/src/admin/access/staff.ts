import { createContext, useContext } from 'react'
import { ROLE_LABELS, type MemberRole } from '../../../../common/rules/roles'

export type StaffRole = Exclude<MemberRole, 'member'>
export type Staff = { nickname: string; memberNo: string; role: StaffRole; roleLabel: string }

/** Who may open a console page: everyone on the staff, or admins only. */
export const EVERY_STAFF: readonly StaffRole[] = ['admin', 'editor']
export const ADMIN_ONLY: readonly StaffRole[] = ['admin']

/** The staff role in a Member/getUserInfo answer, or null for everyone else. */
export function staffRoleOf(info: { role?: string | null; isAdmin?: boolean }): StaffRole | null {
  // `role` is the server's word; `isAdmin` alone is what servers without roles answered.
  const role = info.role ?? (info.isAdmin ? 'admin' : 'member')
  return role === 'admin' || role === 'editor' ? role : null
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
