import pino from 'pino'
import { env } from '../env'

export const logger = pino({
  level: env.logLevel,
  // Never write secrets that may ride along in a request.
  redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code'],
})
