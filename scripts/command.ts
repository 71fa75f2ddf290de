// How every command-line entry point (admin, backup, restore, migrate, seed, media) runs: its body
// imports the server's modules itself, so a configuration refused while the environment is parsed
// (server/env.ts) is caught here and printed as the operator's message (failureText), never as a stack.
import { CommandError, failureText } from '../server/lib/config-error'
import type { Target } from '../server/lib/config-summary'

/** Exit status of a refusal of the command line itself (unknown option, missing argument). */
export const USAGE_EXIT = 2

/** Thrown for a wrong command line: printed with the command's usage text, exit status 2. */
export class UsageError extends CommandError {}

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
