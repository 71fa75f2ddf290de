// Runs the static checks (the three type-check programs, Prettier, ESLint) side by side, one per
// core, and prints each one's output as a block once it ends, so a failure reads as one piece.
// Fails when any check fails. Plain Node (no TypeScript), so it runs before anything is built.
import { spawn } from 'node:child_process'
import os from 'node:os'

// Longest first, so the last one to start is a short one.
const CHECKS = [
  ['types: tests', 'tsc', ['--noEmit', '-p', 'tsconfig.test.json']],
  ['lint', 'eslint', ['.']],
  ['types: server', 'tsc', ['--noEmit', '-p', 'tsconfig.server.json']],
  ['types: client', 'tsc', ['--noEmit', '-p', 'tsconfig.client.json']],
  ['format', 'prettier', ['--check', '--log-level', 'warn', '.']],
]

/** Runs one check, its output kept until it ends. */
function run([name, bin, args]) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(`node_modules/.bin/${bin}`, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', (error) => resolve({ name, ok: false, output: String(error), seconds: 0 }))
    child.on('close', (code) => resolve({ name, ok: code === 0, output, seconds: (Date.now() - started) / 1000 }))
  })
}

const queue = [...CHECKS]
const results = []
async function worker() {
  for (let check = queue.shift(); check; check = queue.shift()) {
    const result = await run(check)
    results.push(result)
    console.log(`${result.ok ? '✓' : '✗'} ${result.name} (${result.seconds.toFixed(1)} s)`)
    if (!result.ok || result.output.trim()) console.log(result.output.trimEnd())
  }
}
await Promise.all(Array.from({ length: Math.max(2, os.availableParallelism()) }, worker))
if (results.some((result) => !result.ok)) process.exit(1)
