import { whenIdle } from './when-idle'

describe('whenIdle', () => {
  let callbacks: (() => void)[]
  beforeEach(() => {
    callbacks = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callbacks.push(callback))
  })
  afterEach(() => vi.unstubAllGlobals())

  test('runs one piece of work per idle moment, in the order asked', () => {
    const ran: string[] = []
    whenIdle(() => ran.push('banner'))
    whenIdle(() => ran.push('specials'))
    whenIdle(() => ran.push('teachers'))
    expect(callbacks).toHaveLength(1)

    callbacks.shift()!()
    expect(ran).toEqual(['banner'])
    callbacks.shift()!()
    callbacks.shift()!()
    expect(ran).toEqual(['banner', 'specials', 'teachers'])
    expect(callbacks).toHaveLength(0)
  })

  test('work taken out of the queue never runs', () => {
    const ran: string[] = []
    const cancel = whenIdle(() => ran.push('gone'))
    whenIdle(() => ran.push('kept'))
    cancel()
    while (callbacks.length) callbacks.shift()!()
    expect(ran).toEqual(['kept'])
  })
})
