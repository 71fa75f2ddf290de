import { useMutation, useQueryClient } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import { updateSession } from '../../../lib/session'
import type { UserInfo } from '../types'
import { memberKeys } from './keys'

export type SaveMemberParams = Partial<
  Pick<UserInfo, 'nickname' | 'avatar' | 'gender' | 'organization' | 'position' | 'provinceCode' | 'cityCode' | 'districtCode'>
>

export const saveMember = (params: SaveMemberParams) => post('/api/Member/saveMember', params)

/** Saves the profile; the top bar's nickname follows through the session store. */
export function useSaveMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveMember,
    onSuccess: (info) => {
      queryClient.setQueryData(memberKeys.userInfo(), info)
      updateSession({ nickname: info.nickname })
    },
  })
}
