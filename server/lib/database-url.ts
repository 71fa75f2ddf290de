import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The SQLite file URL, from DATABASE_URL or data/portal.db. Relative paths are resolved
 * against the project root so the CLI, the server and the tests agree on one file.
 */
export function databaseUrl(raw = process.env.DATABASE_URL): string {
  const value = raw && raw.trim() ? raw.trim() : 'file:./data/portal.db'
  const filePath = value.replace(/^file:/, '')
  const absolute = path.isAbsolute(filePath) ? filePath : path.resolve(projectRoot, filePath)
  fs.mkdirSync(path.dirname(absolute), { recursive: true })
  return `file:${absolute}`
}

export const databaseFile = (raw?: string) => databaseUrl(raw).replace(/^file:/, '')
