// Child process of bench/run.ts: the ceilings, served by a bare Express app (no middleware).
//   POST /small      a small fixed JSON envelope
//   POST /same-size  the exact bytes and Content-Encoding of the real indexList answer (CEILING_BODY_FILE)
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import express from 'express'
import './orphan-guard'

const small = Buffer.from(JSON.stringify({ code: 200, msg: 'ok', data: { id: 1 } }))
const sameSize = fs.readFileSync(process.env.CEILING_BODY_FILE ?? '')
const encoding = process.env.CEILING_ENCODING ?? ''

const app = express()
app.post('/small', (_req, res) => {
  res.type('application/json').send(small)
})
app.post('/same-size', (_req, res) => {
  res.type('application/json')
  if (encoding) res.set({ 'Content-Encoding': encoding, Vary: 'Accept-Encoding' })
  res.send(sameSize)
})

const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
