// A throwaway PostgreSQL cluster for the `*-pg` test projects: initdb into a temp folder (as the
// postgres user when we are root: PostgreSQL refuses to run as root), start it on a free port with
// durability off (fsync, synchronous_commit: a crash only loses test data), then drop it all.
// Databases are cheap copies of a migrated, seeded template (CREATE DATABASE … TEMPLATE), the
// PostgreSQL twin of copying template.db (setup.ts).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/** The template every PostgreSQL test database is copied from (global-setup.ts builds it). */
export const POSTGRES_TEMPLATE = 'portal_template'
/** PostgreSQL means several processes may serve the database, which requires a configured JWT secret. */
export const TEST_JWT_SECRET = 'test-secret-for-postgresql-runs-0123456789'

const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin']

/** Folder of initdb/pg_ctl: PG_BIN, else Debian's newest installed version, else PATH. */
export function postgresBin(name: string): string {
  const dir = process.env.PG_BIN ?? BIN_DIRS.find((candidate) => fs.existsSync(path.join(candidate, name)))
  return dir ? path.join(dir, name) : name
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

const isRoot = () => process.getuid?.() === 0

/** Runs a PostgreSQL program, as the postgres user when we are root. */
function runAsOwner(program: string, args: string[]) {
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', postgresBin(program), ...args]] : [postgresBin(program), args]
  execFileSync(file, argv, { stdio: 'pipe' })
}

export type PostgresCluster = {
  /** Server address without a database: postgresql://postgres@127.0.0.1:<port> */
  serverUrl: string
  urlFor: (database: string) => string
  /** The postmaster's process id (its backends are its children). */
  pid: () => number
  stop: () => Promise<void>
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mingshi-pg-'))
  const data = path.join(dir, 'data')
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dir])
  // UTF-8 with C.UTF-8: lower() and the search index handle every script alike, whatever the host's locale.
  runAsOwner('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'])
  const port = await freePort()
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ')
  runAsOwner('pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', path.join(dir, 'server.log'), '-o', options])
  const serverUrl = `postgresql://postgres@127.0.0.1:${port}`
  return {
    serverUrl,
    urlFor: (database) => `${serverUrl}/${database}`,
    pid: () => Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop: async () => {
      try {
        runAsOwner('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/** Runs `statement` on the cluster's maintenance database (CREATE/DROP DATABASE cannot run inside a transaction). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A fresh database copied from `template` (which must have no open connections). */
export async function createDatabaseFrom(serverUrl: string, template: string, name: string): Promise<string> {
  await onServer(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`)
  return `${serverUrl}/${name}`
}
