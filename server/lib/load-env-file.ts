// Reads .env from the project root when it exists. server/env.ts calls it before it parses the
// environment, so every entry point (server, cluster, admin, backup, restore, migrate, seed, media)
// reads the same settings the same way. Variables already set (by the shell, Docker or systemd) win
// over the file; which ones did is remembered, so a destructive command can tell. A call, not a
// side-effect import: bundlers may drop or reorder those (esbuild's code splitting did).
import fs from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { projectRoot } from './database-url'

export const ENV_FILE = path.join(projectRoot, '.env')

/** The values .env holds (empty when there is no file), whether or not the environment overrides them. */
export const envFileValues: Record<string, string> = fs.existsSync(ENV_FILE)
  ? (parseEnv(fs.readFileSync(ENV_FILE, 'utf8')) as Record<string, string>)
  : {}

/** Copies .env's values into process.env where the environment has none. */
export function loadEnvFile(): void {
  for (const [name, value] of Object.entries(envFileValues)) if (process.env[name] === undefined) process.env[name] = value
}

/** Where a variable's value comes from, for the lines commands print before they act. */
export function settingSource(name: string): 'environment' | '.env' | 'default' {
  if (process.env[name] === undefined) return 'default'
  return envFileValues[name] === process.env[name] ? '.env' : 'environment'
}
