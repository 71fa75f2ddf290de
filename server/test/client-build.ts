// The client as it ships, built once per test run into client/dist for every project that needs
// it (ssr, e2e). NODE_ENV=production: vitest's NODE_ENV=test would bundle React's
// development build. Each project loads this file on its own, so the build is kept on the process.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { projectRoot } from '../lib/database-url'

export const clientDist = path.join(projectRoot, 'client', 'dist')

const shared = globalThis as { mingshiClientBuild?: Promise<string> }

export function buildClientOnce(): Promise<string> {
  return (shared.mingshiClientBuild ??= new Promise((resolve, reject) => {
    const vite = path.join(projectRoot, 'node_modules', '.bin', 'vite')
    execFile(
      vite,
      ['build', '--logLevel', 'warn'],
      { cwd: projectRoot, env: { ...process.env, NODE_ENV: 'production' } },
      (error, _stdout, stderr) => (error ? reject(new Error(`vite build failed:\n${stderr}`)) : resolve(clientDist)),
    )
  }))
}
