// supertest, with one listening server per app for the whole test file. Given an app, supertest
// binds a new port for each request and closes it after; with thousands of requests a run and
// sockets waiting out TIME_WAIT, that port search was most of a request's cost (measured: the fuzz
// test 43 s → 21 s). Tests import `request` from here instead of from supertest.
import http from 'node:http'
import supertest from 'supertest'
import { afterAll } from 'vitest'

type App = Parameters<typeof supertest>[0]

const servers = new WeakMap<object, http.Server>()
const opened: http.Server[] = []

afterAll(async () => {
  const closing = opened.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve())))
  for (const server of opened) server.closeAllConnections()
  await Promise.all(closing)
})

function listeningServer(app: http.RequestListener): http.Server {
  let server = servers.get(app)
  if (!server) {
    // Without a host the bind is synchronous, so the address is known before the first request.
    server = http.createServer(app).listen(0)
    server.keepAliveTimeout = 1_000
    servers.set(app, server)
    opened.push(server)
  }
  return server
}

function request(app: App) {
  return supertest(typeof app === 'function' ? listeningServer(app as http.RequestListener) : app)
}

export default request

export type { Response } from 'supertest'
