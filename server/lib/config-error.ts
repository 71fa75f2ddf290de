import { describeDatabase } from './database-url'

// A configuration that cannot work: every problem at once, one line each, Chinese first and naming its
// variable ("PORT: 应为 0 到 65535 的整数 / …"). Entry points print the message as it is, never a stack.
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`配置无效 (invalid configuration):\n${problems.map((problem) => `  ${problem}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** A failure worded for the operator (a missing database, a refused restore): printed as it is, without a stack. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CommandError'
  }
}

/** True for errors whose message is written for the operator: shown alone, no stack. */
export const isOperatorError = (error: unknown): error is Error =>
  error instanceof Error && (error.name === 'ConfigError' || error.name === 'CommandError')

// Failures meant for the operator print their message alone; anything else is a bug and keeps its stack.
const OPERATOR_ERRORS = new Set(['ApiError', 'BackupError', 'SeedError'])

/** PostgreSQL or network failures opening the database, which Prisma and pg report with a stack. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EHOSTUNREACH', '28P01', '28000', '3D000'])

function connectionProblem(error: unknown): string | undefined {
  const code = (error as { code?: unknown; cause?: { code?: unknown } })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code
  if (typeof code !== 'string' || !CONNECTION_CODES.has(code)) return undefined
  const target = process.env.DATABASE_URL ? describeDatabase(process.env.DATABASE_URL) : '数据库'
  return `无法连接数据库 ${target}（${code}）：请检查 DATABASE_URL 与数据库服务器是否在运行。 / Cannot reach the database: check DATABASE_URL and that the server runs.`
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
