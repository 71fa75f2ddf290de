import pino, { type DestinationStream, type Logger } from 'pino'
import { env } from '../env'

export type { Logger }

/** A logger with the server's settings; tests pass a destination to read what it writes. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    // Never write secrets that may ride along in a request.
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code'],
  }
  return destination ? pino(options, destination) : pino(options)
}

export const logger = createLogger(env.logLevel)
