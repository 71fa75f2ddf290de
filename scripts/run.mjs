// Runs one of the portal's commands the way this installation can: from its TypeScript source
// through tsx on a development checkout, or compiled (dist/app, `npm run build`) on a production
// install pruned of dev dependencies and in the Docker image, where there is no tsx. So the
// README's `npm run admin|backup|restore|…` work the same on both. Plain JavaScript on purpose.
//   node scripts/run.mjs <command> [arguments…]
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// Command → its source (scripts/commands.json, which scripts/build-server.ts compiles into dist/app/<command>.js).
const COMMANDS = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'commands.json'), 'utf8'))

const [command, ...args] = process.argv.slice(2)
if (!Object.hasOwn(COMMANDS, command ?? '')) {
  console.error(`未知的命令 / unknown command: ${command ?? '(none)'}（可用 / one of: ${Object.keys(COMMANDS).join(', ')}）`)
  process.exit(2)
}
const source = path.join(root, COMMANDS[command])
const compiled = path.join(root, 'dist', 'app', `${command}.js`)
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')

let argv
if (fs.existsSync(tsx) && fs.existsSync(source)) argv = [tsx, source, ...args]
else if (fs.existsSync(compiled)) argv = [process.execPath, '--enable-source-maps', compiled, ...args]
else {
  console.error(`找不到 ${path.relative(root, compiled)}：请先运行 npm run build / run npm run build first`)
  process.exit(1)
}
const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit' })
// A stop sent to this process alone (npm, systemd, a supervisor) reaches the command, which shuts down cleanly.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
child.once('error', (error) => {
  console.error(error.message)
  process.exit(1)
})
child.once('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 143)))
