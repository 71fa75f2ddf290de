import { expect, test } from 'vitest'
import { parseCooperationParam } from '../../lib/search-params'
import { cooperationPath, typePath } from './paths'

test('a type path carries the encoded {id, name} that the detail page parses back', () => {
  const path = typePath({ id: 3, name: '政策解读' })
  expect(path).toBe(`/cooperation/detail/${encodeURIComponent('{"id":3,"name":"政策解读"}')}`)
  expect(parseCooperationParam(path.split('/').pop())).toEqual({ id: 3, name: '政策解读' })
})

test('an entry path adds ?entry= to its type path', () => {
  const path = cooperationPath({ id: 2, name: '干部讲座' }, 17)
  const url = new URL(path, 'http://portal.test')
  expect(url.searchParams.get('entry')).toBe('17')
  expect(parseCooperationParam(decodeURIComponent(url.pathname.split('/').pop() ?? ''))).toEqual({ id: 2, name: '干部讲座' })
})
