// The client build `npm start` and `npm run start:cluster` make before serving outside production,
// when the client sources (absent from a production image) are newer than the build.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'
import { projectRoot } from '../server/lib/database-url'

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

/** True when the client sources are newer than the build, or the build lacks the server render's entry. */
export function clientNeedsBuild(): boolean {
  const sources = path.join(projectRoot, 'client', 'src')
  if (!fs.existsSync(sources)) return false
  const built = path.join(projectRoot, 'client', 'dist', 'index.html')
  if (!fs.existsSync(built) || !fs.existsSync(path.join(projectRoot, 'client', 'dist', '.ssr', 'entry-server.js'))) return true
  const newest = Math.max(newestMtime(sources), fs.statSync(path.join(projectRoot, 'client', 'index.html')).mtimeMs)
  return newest > fs.statSync(built).mtimeMs
}

/** Runs `vite build` when clientNeedsBuild(). */
export function buildClientIfStale(logger: Logger) {
  if (!clientNeedsBuild()) return
  logger.debug('vite build')
  execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: projectRoot,
    stdio: 'inherit',
  })
}
