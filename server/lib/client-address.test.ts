import { limitKey } from './client-address'

describe('limitKey', () => {
  test.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::ffff:cb00:7109', '203.0.113.9'],
    ['2001:db8:1:2::5', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::5', '2001:db8:1:3::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::203.0.113.9', '64:ff9b:0:0::/64'],
    ['', ''],
    ['not an address', 'not an address'],
  ])('%s -> %s', (address, key) => {
    expect(limitKey(address)).toBe(key)
  })

  test('every address of one /64 shares a key; neighbouring networks do not', () => {
    const keys = ['2001:db8:aa:1::1', '2001:db8:aa:1:8000::2', '2001:db8:aa:1:ffff:ffff:ffff:fffe'].map(limitKey)
    expect(new Set(keys).size).toBe(1)
    expect(limitKey('2001:db8:aa:2::1')).not.toBe(keys[0])
    expect(limitKey('2001:db8:ab:1::1')).not.toBe(keys[0])
  })
})
