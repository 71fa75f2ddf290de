// The docs cite only files that exist: every repository path quoted in backticks in docs/*.md and
// README.md must name a file or folder of the checkout. Paths under git-ignored folders (client/dist/,
// server/generated/, data/ ...) are made at run time and are not checked.
import fs from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../server/lib/database-url'

type Citation = { doc: string; line: number; path: string }

/** Folder patterns of .gitignore: anchored ones (`/data/`, `uploads/*`) by prefix, bare names (`dist/`) at any depth. */
function ignoredFolders(gitignore: string) {
  const anchored: string[] = []
  const anywhere: string[] = []
  for (const raw of gitignore.split('\n')) {
    const line = raw.trim()
    if (!line || line.startsWith('#') || line.startsWith('!')) continue
    const folder = line.replace(/\*$/, '')
    if (!folder.endsWith('/') || /[*?[]/.test(folder)) continue
    const name = folder.replace(/^\//, '')
    if (folder.startsWith('/') || name.slice(0, -1).includes('/')) anchored.push(name)
    else anywhere.push(name.slice(0, -1))
  }
  return (candidate: string) =>
    anchored.some((prefix) => `${candidate}/`.startsWith(prefix)) || candidate.split('/').some((part) => anywhere.includes(part))
}

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts` (one level of braces, as the docs write them). */
function expandBraces(token: string): string[] {
  const match = /\{([^{}]*)\}/.exec(token)
  if (!match) return [token]
  return match[1].split(',').flatMap((part) => expandBraces(token.replace(match[0], part)))
}

/**
 * The repository paths cited in one markdown text: words inside `backticks` (outside fenced blocks)
 * that start with a top-level folder. Globs, placeholders (`<group>`, `…`) and URL paths are skipped.
 */
export function citedPaths(markdown: string, topFolders: readonly string[]): { line: number; path: string }[] {
  const found: { line: number; path: string }[] = []
  let isFenced = false
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) isFenced = !isFenced
    if (isFenced) return
    for (const [, span] of text.matchAll(/`([^`]+)`/g)) {
      for (const word of span.split(/\s+/)) {
        const token = word.replace(/[),.;:]+$/, '').replace(/^[(]+/, '')
        if (!topFolders.some((folder) => token.startsWith(`${folder}/`))) continue
        if (/[*<>…]|\.\.\.|\$\{/.test(token)) continue
        for (const cited of expandBraces(token)) found.push({ line: index + 1, path: cited.replace(/\/$/, '') })
      }
    }
  })
  return found
}

function docFiles() {
  const docs = fs
    .readdirSync(path.join(projectRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
  return ['README.md', ...docs.sort()]
}

describe('paths cited by the docs', () => {
  const isIgnored = ignoredFolders(fs.readFileSync(path.join(projectRoot, '.gitignore'), 'utf8'))
  const topFolders = fs
    .readdirSync(projectRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !isIgnored(entry.name))
    .map((entry) => entry.name)

  test('every path quoted in docs/*.md and README.md exists', () => {
    const citations: Citation[] = docFiles().flatMap((doc) =>
      citedPaths(fs.readFileSync(path.join(projectRoot, doc), 'utf8'), topFolders).map((cited) => ({ doc, ...cited })),
    )
    const missing = citations
      .filter((cited) => !isIgnored(cited.path) && !fs.existsSync(path.join(projectRoot, cited.path)))
      .map((cited) => `${cited.doc}:${cited.line} ${cited.path}`)
    expect(citations.length).toBeGreaterThan(50)
    expect(missing).toEqual([])
  })

  test('the extraction finds paths in backticks and skips globs, placeholders, URLs and code blocks', () => {
    const markdown = [
      'See `server/data/sql/` and `server/lib/cards.ts` (card shapes); run `npm run seed -- seed/data`.',
      'Raw SQL in `server/data/sql/{sqlite,postgres}.ts`, migrations in `prisma/migrations/20261121000001_x`.',
      'Not paths: `server/features/*/*.actions.ts`, `client/src/features/<group>/api/`, `uploads/...`,',
      '`/api/Course/courseList`, `/subject/detail/{id}`, `serverless/x.ts`, plain server/lib/x.ts.',
      '```sh',
      'cp `server/in-a-fence.ts` somewhere',
      '```',
    ].join('\n')
    expect(citedPaths(markdown, ['server', 'client', 'seed', 'prisma'])).toEqual([
      { line: 1, path: 'server/data/sql' },
      { line: 1, path: 'server/lib/cards.ts' },
      { line: 1, path: 'seed/data' },
      { line: 2, path: 'server/data/sql/sqlite.ts' },
      { line: 2, path: 'server/data/sql/postgres.ts' },
      { line: 2, path: 'prisma/migrations/20261121000001_x' },
    ])
  })

  test('git-ignored folders are skipped, anchored or at any depth', () => {
    const isSkipped = ignoredFolders('node_modules/\nserver/generated/\n/data/\nuploads/*\n!uploads/.gitkeep\ndist/\n*.log\n')
    expect(['server/generated/prisma', 'data/portal.db', 'uploads/x.png', 'client/dist/index.html'].every(isSkipped)).toBe(true)
    expect(['server/data/sql', 'server/lib/cards.ts', 'seed/data/teachers.json'].some(isSkipped)).toBe(false)
  })
})
