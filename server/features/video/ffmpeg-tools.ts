// Where ffmpeg and ffprobe are, and how they are run: never through a shell (file names come from
// uploads), always stoppable with an AbortSignal, with the end of stderr kept to explain a failure.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { env } from '../../env'

/** FFMPEG_PATH, or `ffmpeg` from PATH (scripts/ensure-ffmpeg.sh installs Debian's). */
export function ffmpegPath(): string {
  return env.FFMPEG_PATH || 'ffmpeg'
}

/** FFPROBE_PATH, else the ffprobe beside an explicit FFMPEG_PATH, else `ffprobe` from PATH. */
export function ffprobePath(): string {
  if (env.FFPROBE_PATH) return env.FFPROBE_PATH
  const ffmpeg = env.FFMPEG_PATH
  return ffmpeg && ffmpeg.includes(path.sep) ? path.join(path.dirname(ffmpeg), 'ffprobe') : 'ffprobe'
}

/**
 * The threads one transcode may use: TRANSCODE_THREADS when set, else all cores but one beside a web process
 * (bench/results-video.md: one thread on 2 cores kept the paced p99 within 10% of idle, all threads did not)
 * and ffmpeg's own choice (0) in a process that only runs jobs.
 */
export function transcodeThreads(besideServing: boolean): number {
  if (env.TRANSCODE_THREADS !== undefined) return env.TRANSCODE_THREADS
  return besideServing ? Math.max(1, os.availableParallelism() - 1) : 0
}

/** A run that did not end with exit code 0: aborted, not started, or failed with `stderrTail`. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly stderrTail: string,
    readonly isAborted = false,
    readonly isMissing = false,
  ) {
    super(message)
    this.name = 'ToolError'
  }
}

export type RunOptions = {
  signal?: AbortSignal
  /** Receives stdout line by line instead of collecting it (ffmpeg's `-progress pipe:1`). */
  onLine?: (line: string) => void
  /** Runs the process at TRANSCODE_PRIORITY so the web process keeps answering meanwhile. */
  isBackground?: boolean
}

// Enough for ffmpeg's last few error lines; a corrupt file can print thousands of them.
const STDERR_TAIL_CHARS = 4000
const BACKGROUND_NICENESS = 19

/** Runs `command args` and resolves with its stdout (empty when `onLine` took it). */
export function runTool(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  const { signal, onLine, isBackground } = options
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ToolError(`${command} aborted`, '', true))
    const priority = isBackground ? env.TRANSCODE_PRIORITY : 'normal'
    const [idle, idleArgs] = priority === 'idle' ? asIdleWork(command, args) : [command, args]
    const [program, programArgs] = withParentDeathSignal(idle, idleArgs)
    // SIGKILL on abort: ffmpeg's graceful SIGTERM would first finish the segment it is writing.
    const child = spawn(program, programArgs, { signal, killSignal: 'SIGKILL', stdio: ['ignore', 'pipe', 'pipe'] })
    if (priority !== 'normal' && child.pid) lowerPriority(child.pid)
    let stdout = ''
    let pending = ''
    let stderr = ''
    let spawnError: NodeJS.ErrnoException | undefined
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      if (!onLine) return void (stdout += chunk)
      const lines = (pending + chunk).split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) onLine(line.trimEnd())
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS)
    })
    child.on('error', (error: NodeJS.ErrnoException) => {
      spawnError = error
    })
    child.on('close', (code) => {
      if (signal?.aborted) return reject(new ToolError(`${command} aborted`, stderr, true))
      const isMissing =
        spawnError?.code === 'ENOENT' || ((program === SETPRIV || program === CHRT) && code === 127 && /failed to execute/.test(stderr))
      if (isMissing) return reject(new ToolError(`${command} not found`, '', false, true))
      if (spawnError) return reject(new ToolError(`${command}: ${spawnError.message}`, stderr))
      if (code !== 0) return reject(new ToolError(`${command} exited with ${code}: ${stderr.trim().slice(-500)}`, stderr))
      if (onLine && pending) onLine(pending.trimEnd())
      resolve(stdout)
    })
  })
}

// A worker killed outright (SIGKILL, out of memory) would leave its ffmpeg encoding on its own for
// minutes: setpriv (util-linux, in every Debian) has the kernel kill the child when we die.
const SETPRIV = '/usr/bin/setpriv'
let hasSetpriv: boolean | undefined

function withParentDeathSignal(command: string, args: string[]): [string, string[]] {
  hasSetpriv ??= process.platform === 'linux' && fs.existsSync(SETPRIV)
  return hasSetpriv ? [SETPRIV, ['--pdeathsig', 'SIGKILL', '--', command, ...args]] : [command, args]
}

// Background work runs under Linux's SCHED_IDLE (chrt, util-linux): it gets a core only when nothing
// else wants it, so requests keep their latency while a video encodes (bench/results-video.md: with
// niceness 10 alone, p99 rose by a third to three quarters). Niceness stays as the fallback elsewhere.
const CHRT = '/usr/bin/chrt'
let hasChrt: boolean | undefined

function asIdleWork(command: string, args: string[]): [string, string[]] {
  hasChrt ??= process.platform === 'linux' && fs.existsSync(CHRT)
  return hasChrt ? [CHRT, ['--idle', '0', command, ...args]] : [command, args]
}

function lowerPriority(pid: number) {
  try {
    os.setPriority(pid, BACKGROUND_NICENESS)
  } catch {
    // The process may already have exited; running at normal priority is no failure.
  }
}
