// Runs the real server (server/serve.ts in a child process, as `npm start` would) on a free local
// port: for the server's and the scripts' process tests, the browser journeys (client/e2e/harness.ts)
// and scripts/measure-client.ts. No vitest imports here, so scripts may use it too.
import { execFileSync, spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { projectRoot } from '../lib/database-url'

export const projectBin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name)

export type ServerProcess = {
  baseUrl: string
  /** Every line the server printed so far, stdout and stderr together. */
  lines: string[]
  /** SIGTERM, then SIGKILL if it has not exited within 5 s. */
  stop: () => Promise<void>
  /** SIGKILL at once, as a crash or a power cut would end it; resolves once it has exited. */
  kill: () => Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts the server with `env` and resolves once it answers an API call; `onOutput` runs after each
 * chunk it prints. `command` defaults to the TypeScript entry; production tests pass the built one.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  onOutput?: () => void,
  command: [string, ...string[]] = [projectBin('tsx'), 'server/serve.ts'],
): Promise<ServerProcess> {
  // The free port is free when asked for; another test's process may take it before this one
  // listens (EADDRINUSE), so a taken port means another port, twice at most.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(await freePort(), env, onOutput, command)
    } catch (error) {
      if (attempt === 3 || !(error instanceof PortTaken)) throw error
    }
  }
}

class PortTaken extends Error {}

/**
 * SIGKILL to `pid` and every process below it, as a crash would end them: tsx runs the script in a
 * child of its own, which a SIGKILL to tsx alone would leave running.
 */
export function killTree(pid: number) {
  for (const each of [...descendantsOf(pid), pid]) {
    try {
      process.kill(each, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
}

/** Every process below `pid`, deepest last. */
function descendantsOf(pid: number): number[] {
  let children: number[]
  try {
    children = execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .split('\n')
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)])
}

async function startOnPort(
  port: number,
  env: NodeJS.ProcessEnv,
  onOutput: (() => void) | undefined,
  command: [string, ...string[]],
): Promise<ServerProcess> {
  const [program, ...args] = command
  const child = spawn(program, args, {
    cwd: projectRoot,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  const collect = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    onOutput?.()
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)

  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) {
      const output = lines.join('\n')
      throw output.includes('EADDRINUSE') ? new PortTaken(output) : new Error(`server exited early:\n${output}`)
    }
    const ready = await fetch(`${baseUrl}/api/Index/getConfig`, { method: 'POST' }).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) break
    if (Date.now() > deadline) throw new Error(`server did not start:\n${lines.join('\n')}`)
    await new Promise((r) => setTimeout(r, 200))
  }

  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
    if (child.exitCode === null) killTree(child.pid!)
  }
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    killTree(child.pid!)
    await exited
  }
  return { baseUrl, lines, stop, kill }
}
