// Reads .env from the project root when it exists, before anything reads the environment. Variables
// already set (by the shell, Docker or systemd) win over the file.
import fs from 'node:fs'
import path from 'node:path'
import { projectRoot } from './database-url'

const file = path.join(projectRoot, '.env')
if (fs.existsSync(file)) process.loadEnvFile(file)
