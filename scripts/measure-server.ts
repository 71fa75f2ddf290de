// What the measuring scripts (measure-client.ts, measure-admin.ts) share: a production client build
// (or the one `--dist` names) and the portal serving it in production mode on a fresh seeded database.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { projectRoot } from '../server/lib/database-url'
import { projectBin, startServerProcess } from '../server/test/server-process'

/** The client build to measure: `--dist <folder>`, or a production build made now under `workDir`. */
export function distDir(workDir: string): string {
  const flag = process.argv.indexOf('--dist')
  if (flag > 0 && process.argv[flag + 1]) return path.resolve(process.argv[flag + 1])
  const outDir = path.join(workDir, 'dist')
  console.log('building the client (production)…')
  execFileSync(projectBin('vite'), ['build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  })
  return outDir
}

/** The portal in production mode over `dist`, on a migrated, seeded database in `workDir`; the demo accounts with `withDemoAccounts`. */
export function startMeasuredServer(workDir: string, dist: string, { withDemoAccounts = false } = {}) {
  const env = {
    ...process.env,
    DATABASE_URL: `file:${path.join(workDir, 'measure.db')}`,
    UPLOAD_DIR: path.join(workDir, 'uploads'),
    NODE_ENV: 'production',
    // Production requires an SMS choice and the site's address; the measurement sends nothing and links nowhere.
    SMS_PROVIDER: 'off',
    PUBLIC_URL: 'http://localhost',
    LOG_LEVEL: 'warn',
  }
  execFileSync(projectBin('prisma'), ['migrate', 'deploy'], { cwd: projectRoot, env, stdio: 'pipe' })
  // The demo accounts are seeded outside production only; the server then runs as in production.
  const seedEnv = withDemoAccounts ? { ...env, NODE_ENV: 'development' } : env
  execFileSync(projectBin('tsx'), ['seed/import.ts'], { cwd: projectRoot, env: seedEnv, stdio: 'pipe' })
  return startServerProcess({ ...env, CLIENT_DIST: dist })
}
