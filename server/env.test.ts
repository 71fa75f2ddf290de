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

test('the image keeps its data on its volumes, and README, Dockerfile and .env.example agree on one set of paths', () => {
  const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8')
  const example = read('.env.example')
  // Passed with --env-file, a value here would override the image's volume paths.
  for (const name of ['DATABASE_URL', 'UPLOAD_DIR', 'BACKUP_DIR']) expect(example).not.toMatch(new RegExp(`^${name}=`, 'm'))

  const dockerfile = read('Dockerfile')
  const volumes = JSON.parse(/^VOLUME (\[.*\])$/m.exec(dockerfile)![1]) as string[]
  const envOf = (name: string) => new RegExp(`${name}=(\\S+)`).exec(dockerfile)![1]
  expect(volumes).toContain(path.dirname(envOf('DATABASE_URL').replace(/^file:/, '')))
  expect(volumes).toContain(envOf('UPLOAD_DIR'))
  expect(volumes).toContain(envOf('BACKUP_DIR'))

  // One `docker run` line, the same in the README and in the Dockerfile's own comment.
  const dockerRun = (text: string) =>
    /docker run ([\s\S]*?mingshi-portal)/.exec(text)![1].replace(/^#\s*/gm, '').replace(/\\\n/g, ' ').replace(/\s+/g, ' ').trim()
  expect(dockerRun(dockerfile)).toBe(dockerRun(read('README.md')))
  for (const volume of volumes) expect(dockerRun(dockerfile)).toContain(`:${volume} `.trimEnd())
})
