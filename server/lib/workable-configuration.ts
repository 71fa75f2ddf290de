// The start's last configuration check, apart from the server so that `npm start` and the cluster's
// primary can run it before anything opens the database: the migration that follows must be the
// first to open it (a connection opened earlier can hold the SQLite file while the migration needs it).
import { env } from '../env'
import { ConfigError } from './config-error'
import { jwtSecretProblem, mayRunSeveralProcesses } from './processes'
import { smsConfigProblem } from './sms/sms-provider'
import { storageConfigProblem } from './storage'

/**
 * Refuses, every problem at once, a configuration that cannot work (env.ts already refused it at
 * parse time; this re-checks what the cluster's primary knows that env.ts cannot: `severalProcesses`,
 * more processes than this one will serve the database).
 */
export function assertWorkableConfiguration({ severalProcesses = mayRunSeveralProcesses(env.DATABASE_URL) } = {}) {
  const problems = [smsConfigProblem(), jwtSecretProblem(severalProcesses, env.JWT_SECRET), storageConfigProblem()]
    .filter((problem): problem is string => Boolean(problem))
    .flatMap((problem) => problem.split('\n'))
  if (problems.length) throw new ConfigError(problems)
}
