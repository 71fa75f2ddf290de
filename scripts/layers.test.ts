// The import rules of eslint.config.js (docs/ARCHITECTURE.md) hold: one deliberately wrong import
// per forbidden direction fails lint, and the allowed directions pass. Each probe is linted as text
// under a made-up file name inside its zone, so no file is written; the imported modules are real.
import { ESLint } from 'eslint'
import { projectRoot } from '../server/lib/database-url'

const eslint = new ESLint({ cwd: projectRoot })
const ZONES = 'import-x/no-restricted-paths'

/** The messages of the import rules for `code` linted as the file `filePath` (relative to the project). */
async function importProblems(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${projectRoot}/${filePath}` })
  return result.messages.filter((m) => m.ruleId === ZONES || m.ruleId === 'no-restricted-imports')
}

// [the rule broken, file, import, the ESLint rule that reports it]
const forbidden: [string, string, string, string?][] = [
  ['server never imports seed/', 'server/features/course/probe.ts', "import '../../../seed/demo-accounts'"],
  ['lib never imports data', 'server/lib/probe.ts', "import '../data/cache'"],
  ['lib never uses the Prisma client', 'server/lib/probe.ts', "import '../db'"],
  ['lib never imports features', 'server/lib/probe.ts', "import '../features/upload/upload.service'"],
  ['lib never imports http', 'server/lib/probe.ts', "import '../http/envelope'"],
  ['data never imports features', 'server/data/probe.ts', "import '../features/course/course.service'"],
  ['data never imports http', 'server/data/probe.ts', "import '../http/auth'"],
  ['features never import http', 'server/features/course/probe.ts', "import '../../http/envelope'"],
  ['features never import the registry', 'server/features/course/probe.ts', "import '../../actions'"],
  ['http never imports features', 'server/http/probe.ts', "import '../features/upload/upload.service'"],
  ['a feature uses another only through its services', 'server/features/course/probe.ts', "import '../upload/upload.budget'"],
  ['common never imports server', 'common/probe.ts', "import '../server/lib/clock'"],
  ['client never imports server', 'client/src/lib/probe.ts', "import '../../../server/lib/api-error'"],
  ['client never imports Node built-ins', 'client/src/lib/probe.ts', "import 'node:fs'", 'no-restricted-imports'],
  ['server tests never use the e2e harness', 'server/features/course/probe.test.ts', "import '../../../client/e2e/chromium'"],
  ['script tests never use the e2e harness', 'scripts/probe.test.ts', "import '../client/e2e/chromium'"],
  ['client tests never use the server harness', 'client/src/lib/probe.test.ts', "import '../../../server/test/factories'"],
]

const allowed: [string, string, string][] = [
  ['features use lib and data', 'server/features/course/probe.ts', "import '../../lib/api-error'\nimport '../../data/cache'"],
  ['a feature uses another through its service', 'server/features/course/probe.ts', "import '../upload/upload.service'"],
  ['http uses data and lib', 'server/http/probe.ts', "import '../data/member-tokens'\nimport '../lib/action'"],
  ['data uses lib', 'server/data/probe.ts', "import '../lib/clock'"],
  ['the command line uses the server', 'seed/probe.ts', "import '../server/features/content/import.service'"],
  ['server tests use the server harness', 'server/features/course/probe.test.ts', "import '../../test/factories'"],
]

describe('eslint.config.js import rules', () => {
  test.each(forbidden)('%s', async (_rule, filePath, code, ruleId = ZONES) => {
    const problems = await importProblems(filePath, code)

    expect(problems.map((problem) => problem.ruleId)).toEqual([ruleId])
  })

  test.each(allowed)('%s', async (_rule, filePath, code) => {
    expect(await importProblems(filePath, code)).toEqual([])
  })
})
