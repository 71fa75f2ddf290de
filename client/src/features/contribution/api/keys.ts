// Query keys of the member's contributions and releases; a new contribution and a review decision refresh them.
export const contributionKeys = {
  contributions: (params?: object) => (params ? (['member', 'myContribution', params] as const) : (['member', 'myContribution'] as const)),
  contribution: (id: number) => ['member', 'getContribution', id] as const,
  releases: (params?: object) => (params ? (['member', 'myRelease', params] as const) : (['member', 'myRelease'] as const)),
}
