// Password hashing, one cost for every place that stores a password (bcrypt; cheaper in tests only).
import bcrypt from 'bcryptjs'
import { env } from '../env'

// Tests hash hundreds of passwords; the production cost stays at 10.
export const BCRYPT_COST = env.isTest ? 4 : 10

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST)
