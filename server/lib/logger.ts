import cluster from 'node:cluster'
import os from 'node:os'
import pino, { type DestinationStream, type Logger } from 'pino'
import { env } from '../env'

export type { Logger }

/** A logger with the server's settings; tests pass a destination to read what it writes. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    // Never write secrets that may ride along in a request.
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code'],
    // A start:cluster worker names itself on every line, beside pino's usual pid and hostname.
    ...(cluster.isWorker && { base: { pid: process.pid, hostname: os.hostname(), worker: cluster.worker?.id } }),
  }
  return destination ? pino(options, destination) : pino(options)
}

export const logger = createLogger(env.logLevel)
