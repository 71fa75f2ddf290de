import { describe, expect, test } from 'vitest'
import { spliceOrder } from './entity-list-page'

describe('spliceOrder (what a drag on one page sends to <word>Sort)', () => {
  test('puts the rearranged page at its place in the whole list', () => {
    expect(spliceOrder([9, 8, 7, 6, 5, 4], [5, 6], 3)).toEqual([9, 8, 7, 5, 6, 4])
  })

  test('on the first page the rest keeps its order behind it', () => {
    expect(spliceOrder([3, 2, 1], [1, 3, 2], 0)).toEqual([1, 3, 2])
  })

  test('a row that moved onto this page since it was read is not sent twice', () => {
    expect(spliceOrder([9, 8, 7, 6], [6, 7], 1)).toEqual([9, 6, 7, 8])
  })
})
