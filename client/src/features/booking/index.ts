// The booking feature's public surface: the request form, the visitor's lookup and the user centre's
// 我的预约 tab. Pages import these; other features do not need them yet.
export { BookingForm, type BookingPreset, type BookingType } from './components/booking-form'
export { BookingLookup } from './components/booking-lookup'
export { MyBookings } from './components/my-bookings'
export { BookingDetails } from './components/booking-details'
