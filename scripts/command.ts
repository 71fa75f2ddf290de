// How every command-line entry point (admin, backup, restore, migrate, seed, media) runs: its body
// imports the server's modules itself, so a configuration refused while the environment is parsed
// (server/env.ts) is caught here and printed as the operator's message, never as a stack; failures
// meant for the operator (ConfigError, CommandError, ApiError, BackupError, SeedError) print their
// message alone; anything else is a bug and keeps its stack.
import { CommandError, isOperatorError } from '../server/lib/config-error'
import type { Target } from '../server/lib/config-summary'
import { describeDatabase } from '../server/lib/database-url'

/** Exit status of a refusal of the command line itself (unknown option, missing argument). */
export const USAGE_EXIT = 2

/** Thrown for a wrong command line: printed with the command's usage text, exit status 2. */
export class UsageError extends CommandError {}

const OPERATOR_ERRORS = new Set(['ApiError', 'BackupError', 'SeedError'])

/** PostgreSQL or network failures opening the database, which Prisma and pg report with a stack. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EHOSTUNREACH', '28P01', '28000', '3D000'])

function connectionProblem(error: unknown): string | undefined {
  const code = (error as { code?: unknown; cause?: { code?: unknown } })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code
  if (typeof code !== 'string' || !CONNECTION_CODES.has(code)) return undefined
  const target = process.env.DATABASE_URL ? describeDatabase(process.env.DATABASE_URL) : '数据库'
  return `无法连接数据库 ${target}（${code}）：请检查 DATABASE_URL 与数据库服务器是否在运行。 / Cannot reach the database: check DATABASE_URL and that the server runs.`
}

/**
 * Reads the settings (a ConfigError when they cannot work), prints what the command acts on, and with
 * `existingDatabase` refuses a missing SQLite file: opening it would create an empty, unmigrated
 * database where the portal does not look. Answers the settings.
 */
export async function actOn(targets: readonly Target[], { existingDatabase = false } = {}) {
  const { env } = await import('../server/env')
  const { describeTargets } = await import('../server/lib/config-summary')
  for (const line of describeTargets(targets)) console.log(line)
  if (existingDatabase && env.databaseDialect === 'sqlite') {
    const { assertDatabaseFileExists } = await import('../server/lib/database-files')
    const { databaseFile } = await import('../server/lib/database-url')
    assertDatabaseFileExists(databaseFile(env.databaseUrl))
  }
  return env
}

/** What the operator sees for `error`. */
export function failureText(error: unknown): string {
  if (isOperatorError(error)) return error.message
  if (error instanceof Error && OPERATOR_ERRORS.has(error.name)) {
    const english = (error as { english?: unknown }).english
    return typeof english === 'string' ? `${error.message}\n${english}` : error.message
  }
  const connection = connectionProblem(error)
  if (connection) return connection
  return `意外错误 / unexpected error:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`
}

/**
 * Runs a command's body and ends the process with its status: 0, the number it returns, 2 for a
 * UsageError (followed by `usage`), 1 for any other failure (after `failed`, e.g. "恢复失败 / Restore failed").
 */
export function runCommand(main: () => Promise<number | void>, { usage, failed }: { usage?: string; failed?: string } = {}): void {
  main().then(
    (status) => process.exit(status ?? 0),
    (error: unknown) => {
      const text = failureText(error)
      console.error(failed && !(error instanceof Error && error.name === 'ConfigError') ? `${failed}：${text}` : text)
      if (error instanceof UsageError && usage) console.error(`\n${usage}`)
      process.exit(error instanceof UsageError ? USAGE_EXIT : 1)
    },
  )
}
