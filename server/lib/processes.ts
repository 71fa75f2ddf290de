// Whether this process may be one of several serving the same database, and what that requires.
// Several processes share rate limits, leases and token checks through the database, but a JWT
// secret generated into a data folder is one process's (or one machine's) alone: tokens signed by
// one would be refused by the others. So with several processes a configured secret is required.
import cluster from 'node:cluster'

/** A PostgreSQL DATABASE_URL: a server others can reach, so several machines may serve it. */
export const isPostgresUrl = (url: string | undefined) => /^postgres(ql)?:\/\//i.test(url?.trim() ?? '')

/** True for a `start:cluster` worker or a PostgreSQL database; the cluster's primary says so itself. */
export function mayRunSeveralProcesses(databaseUrl: string | undefined): boolean {
  return cluster.isWorker || isPostgresUrl(databaseUrl)
}

/** Why the JWT secret configuration cannot work with several processes, or undefined. */
export function jwtSecretProblem(severalProcesses: boolean, configuredSecret: string | undefined): string | undefined {
  if (!severalProcesses || configuredSecret) return undefined
  return (
    'JWT_SECRET: 多进程运行（npm run start:cluster 或 PostgreSQL 数据库）时必须设置，至少 32 个字符，所有进程相同（可用 openssl rand -base64 48 生成） / ' +
    'JWT_SECRET must be set (32+ characters, the same for every process) when several processes run: start:cluster or a PostgreSQL DATABASE_URL'
  )
}
