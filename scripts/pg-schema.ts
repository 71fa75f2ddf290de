// `npm run db:pg-schema`: writes prisma/postgres/schema.prisma from prisma/schema.prisma.
// Prisma allows one provider per schema, so the SQLite schema stays the one source of truth and
// PostgreSQL's is derived from it: provider swapped, client generated beside the SQLite one
// (server/generated/prisma-pg). server/pg-migrations.test.ts fails when the committed file drifts.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SQLITE_SCHEMA = path.join(root, 'prisma', 'schema.prisma')
export const POSTGRES_SCHEMA = path.join(root, 'prisma', 'postgres', 'schema.prisma')

const HEADER =
  '// GENERATED from prisma/schema.prisma by `npm run db:pg-schema`: do not edit, edit that file and rerun.\n' +
  '// The same models on PostgreSQL; migrations are SQL under prisma/postgres/migrations (scripts/migrate.ts).\n\n'

/** The PostgreSQL schema text for a SQLite schema text; throws when an expected line is missing. */
export function postgresSchema(sqlite: string): string {
  const swaps: [RegExp, string][] = [
    [/provider = "sqlite"/, 'provider = "postgresql"'],
    [/output(\s*)= "\.\.\/server\/generated\/prisma"/, 'output$1= "../../server/generated/prisma-pg"'],
  ]
  let text = sqlite
  for (const [pattern, replacement] of swaps) {
    if (!pattern.test(text)) throw new Error(`prisma/schema.prisma: expected ${pattern} to derive the PostgreSQL schema`)
    text = text.replace(pattern, replacement)
  }
  return HEADER + text
}

function main() {
  const text = postgresSchema(fs.readFileSync(SQLITE_SCHEMA, 'utf8'))
  fs.mkdirSync(path.dirname(POSTGRES_SCHEMA), { recursive: true })
  fs.writeFileSync(POSTGRES_SCHEMA, text)
  console.log(`wrote ${path.relative(root, POSTGRES_SCHEMA)}`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
