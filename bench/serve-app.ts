// Child process of bench/run.ts: the real server (startServer from server/index.ts) on the database
// given by DATABASE_URL, on a free loopback port that it reports as one JSON line on stdout.
import type { AddressInfo } from 'node:net'
import { startServer } from '../server/index'
import './orphan-guard'

const server = await startServer(0)
process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`)
