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
