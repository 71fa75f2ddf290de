// What bench/video.ts reads about the server's processes from Linux's /proc: resident memory, CPU
// time, niceness, and the ffmpeg processes the server's job worker started.
import fs from 'node:fs'
import { childPids } from './load'

const read = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    // The process ended between the listing and the read.
    return undefined
  }
}

/** The fields of /proc/<pid>/stat after the command name (field 3, the state, is index 0). */
function statFields(pid: number): string[] | undefined {
  return read(`/proc/${pid}/stat`)?.split(') ')[1]?.split(' ')
}

/** Resident memory in MiB (VmRSS of /proc/<pid>/status); undefined once the process is gone. */
export function rssMib(pid: number): number | undefined {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(read(`/proc/${pid}/status`) ?? '')?.[1]
  return kb === undefined ? undefined : Number(kb) / 1024
}

/** CPU time (ms) of the process's threads: utime + stime, in clock ticks of 10 ms (USER_HZ = 100). */
export function cpuMs(pid: number): number | undefined {
  const fields = statFields(pid)
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : undefined
}

/** The process's niceness (field 19 of /proc/<pid>/stat). */
export function niceOf(pid: number): number | undefined {
  const fields = statFields(pid)
  return fields ? Number(fields[16]) : undefined
}

function descendants(pid: number): number[] {
  return childPids(pid).flatMap((child) => [child, ...descendants(child)])
}

/** The ffmpeg processes below `pid` (setpriv execs ffmpeg in place, so the pid's name becomes ffmpeg). */
export function ffmpegPids(pid: number): number[] {
  return descendants(pid).filter((child) => read(`/proc/${child}/comm`)?.trim() === 'ffmpeg')
}
