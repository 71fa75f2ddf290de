import fs from 'node:fs'
import path from 'node:path'
import { ENV_VARIABLES } from './env'
import { projectRoot } from './lib/database-url'

test('.env.example lists every variable the server reads, and no other', () => {
  const example = fs.readFileSync(path.join(projectRoot, '.env.example'), 'utf8')
  const listed = new Set([...example.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]))
  expect(ENV_VARIABLES.filter((name) => !listed.has(name))).toEqual([])
  expect([...listed].filter((name) => !ENV_VARIABLES.includes(name))).toEqual([])
})
