// The registry is the API: docs/API.md documents exactly its actions, and every declared example
// is a payload the action's own schema accepts.
import fs from 'node:fs'
import path from 'node:path'
import { actions } from './actions'
import { actionPath, type Group } from './lib/action'
import { projectRoot } from './lib/database-url'

const GROUPS: Group[] = ['Index', 'Teacher', 'Course', 'Special', 'Member', 'Region', 'Admin']

/**
 * Every `Group/action` the reference documents: in headings (`Group/action`, or
 * `POST /api/Group/a · b · c`) and as the first cell of an `| action |` table under a
 * `### Group` heading.
 */
export function documentedActions(markdown: string): Set<string> {
  const found = new Set<string>()
  let group: Group | null = null
  let inActionTable = false
  for (const line of markdown.split('\n')) {
    inActionTable = line.startsWith('| action |') || (inActionTable && line.startsWith('|'))
    const section = /^#{2,3} (\w+)/.exec(line)
    if (section) group = GROUPS.includes(section[1] as Group) ? (section[1] as Group) : null
    if (line.startsWith('#### ')) {
      for (const match of line.matchAll(/`(\w+)\/(\w+)`/g)) found.add(`${match[1]}/${match[2]}`)
      const posted = /POST \/api\/(\w+)\/(\w+)((?:\s*·\s*\w+)*)/.exec(line)
      if (posted) {
        found.add(`${posted[1]}/${posted[2]}`)
        for (const more of posted[3].matchAll(/·\s*(\w+)/g)) found.add(`${posted[1]}/${more[1]}`)
      }
    }
    const row = /^\| `(\w+)` \|/.exec(line)
    if (row && group && inActionTable) found.add(`${group}/${row[1]}`)
  }
  return found
}

describe('the action registry', () => {
  const registered = new Set(actions.map((action) => actionPath(action).slice('/api/'.length)))

  test('docs/API.md documents every registered action and nothing else', () => {
    const documented = documentedActions(fs.readFileSync(path.join(projectRoot, 'docs', 'API.md'), 'utf8'))
    expect([...registered].filter((name) => !documented.has(name))).toEqual([])
    expect([...documented].filter((name) => !registered.has(name))).toEqual([])
  })

  test('declares each action once', () => {
    expect(registered.size).toBe(actions.length)
  })

  test.each(actions.map((action) => [actionPath(action), action] as const))('%s: its example passes its schema', (_path, action) => {
    expect(action.input.safeParse(action.example).error?.issues ?? []).toEqual([])
  })

  test('the parser finds headings, dotted lists and table rows, and only those', () => {
    const markdown = [
      '### Teacher',
      '| action | payload |',
      '| --- | --- |',
      '| `teacherList` | x |',
      '',
      '| key | size |',
      '| `banner` | 10 |',
      '#### `Index/indexList` — home',
      '#### POST /api/Member/myTeacherFollow · myCourseCollect',
      'Text naming `Course/notAnAction` is not documentation.',
      '### Notes',
      '| `notAGroupRow` | x |',
    ].join('\n')
    expect([...documentedActions(markdown)].sort()).toEqual([
      'Index/indexList',
      'Member/myCourseCollect',
      'Member/myTeacherFollow',
      'Teacher/teacherList',
    ])
  })
})
