// Runs before each test file: points the app at a private copy of the seeded template.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'

const testDir = inject('testDir')
const copy = path.join(testDir, `file-${process.pid}-${crypto.randomBytes(4).toString('hex')}.db`)
fs.copyFileSync(path.join(testDir, 'template.db'), copy)
process.env.DATABASE_URL = `file:${copy}`
process.env.UPLOAD_DIR = path.join(testDir, 'uploads')
process.env.TEST_DIR = testDir
process.env.NODE_ENV = 'test'
