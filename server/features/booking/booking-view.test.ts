// The formatting both sides of bookings share: what a requester and staff read.
import {
  audienceText,
  daysText,
  durationText,
  firstDayOf,
  maskPhone,
  placeText,
  requesterEvents,
  splitRegion,
  whenText,
} from './booking-view'

describe('booking-view', () => {
  test('masks a mobile to 3 + 4 digits, a landline to its area code and last 4', () => {
    expect(maskPhone('13800138000')).toBe('138****8000')
    expect(maskPhone('010-12345678')).toBe('010-****5678')
    expect(maskPhone('01012345678')).toBe('010-****5678')
    expect(maskPhone('0571-87654321')).toBe('0571-****4321')
    expect(maskPhone('057187654321')).toBe('0571-****4321')
    expect(maskPhone('021-1234567-808')).toBe('021-****4567')
    expect(maskPhone('12')).toBe('****')
  })

  test('reads the time asked for: a day, several days, a month, nothing', () => {
    expect(whenText(['2027-05-10'], '')).toBe('2027-05-10')
    expect(whenText(['2027-05-12', '2027-05-10'], '')).toBe('2027-05-10 等 2 天')
    expect(whenText([], '2027-06')).toBe('2027 年 6 月')
    expect(whenText([], '')).toBe('未填写')
    expect(firstDayOf(['2027-05-12', '2027-05-10'], '')).toBe('2027-05-10')
    expect(firstDayOf([], '2027-06')).toBe('2027-06-01')
    expect(firstDayOf([], '')).toBe('')
  })

  test('reads the place, the audience and the duration', () => {
    expect(placeText(true, '330106')).toBe('线上授课')
    expect(placeText(false, '330106')).toBe('浙江省 杭州市 西湖区')
    expect(placeText(false, '110101')).toBe('北京市 东城区')
    expect(placeText(false, '')).toBe('未填写')
    expect(splitRegion('330106')).toEqual({ provinceCode: '330000', cityCode: '330100', districtCode: '330106' })
    expect(splitRegion('441900')).toEqual({ provinceCode: '440000', cityCode: '441900', districtCode: '' })
    expect(splitRegion('')).toEqual({ provinceCode: '', cityCode: '', districtCode: '' })
    expect(audienceText('cadre', 80)).toBe('党政干部 · 约 80 人')
    expect(audienceText('', null)).toBe('未填写')
    expect(durationText('half-day')).toBe('半天')
    expect(durationText('')).toBe('未填写')
  })

  test('reads days as people say them, naming the year only outside this one', () => {
    expect(daysText(['2026-11-03', '2026-11-10'], '2026-10-01')).toBe('11月3日、11月10日')
    expect(daysText(['2026-12-31', '2027-01-02'], '2026-12-01')).toBe('12月31日、2027年1月2日')
    expect(daysText([], '2026-12-01')).toBe('')
  })

  test('shows the requester moves, replies and reschedules only, oldest first', () => {
    const at = (minute: number) => new Date(Date.UTC(2027, 0, 1, 0, minute))
    expect(
      requesterEvents([
        { kind: 'reply', text: '已收到', status: '', createdAt: at(3) },
        { kind: 'note', text: '内部', status: '', createdAt: at(1) },
        { kind: 'quote', text: '报价', status: '', createdAt: at(2) },
        { kind: 'status', text: '', status: 'contacted', createdAt: at(0) },
        { kind: 'reschedule', text: '改期：1月3日 → 1月10日', status: '', createdAt: at(4) },
      ]),
    ).toEqual([
      { kind: 'status', text: '', status: 'contacted', statusText: '已联系', createdAt: '2027-01-01T00:00:00.000Z' },
      { kind: 'reply', text: '已收到', status: null, statusText: '', createdAt: '2027-01-01T00:03:00.000Z' },
      { kind: 'reschedule', text: '改期：1月3日 → 1月10日', status: null, statusText: '', createdAt: '2027-01-01T00:04:00.000Z' },
    ])
  })
})
