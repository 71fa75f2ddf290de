// Query keys of the member group; the follow/collect buttons and contribution and review changes
// refresh the navigation's counts.
export const memberKeys = {
  all: ['member'] as const,
  userInfo: () => ['member', 'getUserInfo'] as const,
  navigation: () => ['member', 'getNavigation'] as const,
  authOptions: () => ['member', 'authOptions'] as const,
}
