// Query keys of the inbox; the bell's count rides on the member's getUserInfo (memberKeys.userInfo).
export const notificationKeys = {
  all: ['notification'] as const,
  list: (params: object) => ['notification', 'list', params] as const,
  preferences: () => ['notification', 'preferences'] as const,
}
