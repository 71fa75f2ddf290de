// Serves an already migrated database (`npm run dev`, the browser tests); `npm start` adds migration,
// seeding and the client build in front (scripts/start.ts). The server is imported here, not above,
// so a configuration refused while the environment is parsed prints as the operator's message.
import { failureText } from './lib/config-error'

async function serve() {
  const { startServer } = await import('./index')
  await startServer()
}

serve().catch((error: unknown) => {
  console.error(failureText(error))
  process.exit(1)
})
