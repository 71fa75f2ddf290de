/** Query keys of the booking feature: [group, action, params]. */
export const bookingKeys = {
  all: ['booking'] as const,
  mine: ['booking', 'bookingList'] as const,
  detail: (id: number) => ['booking', 'bookingDetail', id] as const,
}
