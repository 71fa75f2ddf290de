// Which actions the bench times and with what load: each action's declared example payload, with
// the token its access needs; detail pages rotate over real rows. Shared by bench/run.ts and
// bench/cluster.ts so every mode times the same requests.
import Database from 'better-sqlite3'
import type { Action } from '../server/lib/action'
import { actionPath } from '../server/lib/action'
import type { Load } from './load'

/**
 * Actions a load test cannot repeat as they are, and why. Each is still exercised by the tests;
 * here it is listed, not timed.
 */
const NOT_REPEATABLE: Record<string, string> = {
  'Member/captcha': 'limited to 30 per IP per minute by design',
  'Member/sendAuthCode': 'needs a fresh image captcha per call and sends an SMS',
  'Member/register': 'needs a fresh SMS code per call',
  'Member/findPass': 'needs a fresh SMS code per call',
  'Member/savePass': 'bcrypt by design, and revokes the token it is called with',
  'Member/deleteAccount': 'ends the account it is called with',
  'Member/logout': 'ends the session of the token it is called with',
  'Member/addContribution': 'limited to 5 waiting for review and 10 per member per day by design',
  'Member/uploads': 'limited to 100 files per member per day by design',
  'Teacher/upload': 'limited to 100 files per member per day by design',
  'Teacher/addTeacherVideo': 'each call needs a fresh uploaded video',
  'Member/reviewContribution': 'one decision per contribution',
  'Member/reviewVideo': 'one decision per video',
  'Course/addInquiry': 'needs a fresh image captcha per call, 5 per address per hour by design',
  'Admin/contributionReview': 'one decision per contribution',
  'Admin/contributionTakedown': 'one decision per contribution',
  'Admin/videoReview': 'one decision per video',
  'Admin/videoTakedown': 'one decision per video',
  'Admin/memberDisable': 'ends the sessions of the member it disables',
  'Admin/memberResetPassword': 'ends the sessions of the member it resets',
  'Admin/memberRole': 'changes a role once (the last-admin rule refuses repeats that demote)',
  'Admin/mediaUpload': 'limited to 100 files per member per day by design',
  'Admin/alertChannelTest': 'sends a real message to a group chat robot (never hammered at a provider)',
  'Member/addComment': 'limited to 5 per member per minute and 50 per day by design',
  'Member/deleteComment': 'removes its comment once',
  'Member/reportComment': 'one report per member per comment',
  'Admin/commentApprove': 'one decision per comment',
  'Admin/commentHide': 'one decision per comment',
}
/** Console writes whose example creates or removes a row: the first call succeeds, the next ones answer 409/404. */
export function notRepeatable(name: string): string | undefined {
  if (NOT_REPEATABLE[name]) return NOT_REPEATABLE[name]
  if (name === 'Admin/setup') return 'creates the first admin once'
  if (name === 'Admin/import') return 'each call replaces the content with an uploaded archive'
  // Calls made while one is being built share it, so a timed run would measure one build and idle waits.
  if (name === 'Admin/export')
    return 'builds one archive of the whole content (seconds on the large database), shared by calls made meanwhile'
  if (/^Admin\/\w+Delete$/.test(name)) return 'removes its row once'
  if (/^Admin\/\w+Save$/.test(name) && name !== 'Admin/configSave') return 'its example creates a row once (slugs are unique)'
  return undefined
}
/** Detail pages rotate over real rows of the large database, counting a view on each. */
const ROTATE_IDS: Record<string, string> = {
  'Course/courseDetails': 'Course',
  'Teacher/teacherDetails': 'Teacher',
  'Special/specialDetails': 'Special',
}

function idsOf(file: string, table: string, wanted = 1000): number[] {
  const db = new Database(file, { readonly: true })
  const ids = (db.prepare(`SELECT id FROM "${table}" WHERE "isPublished" = 1 ORDER BY id`).all() as { id: number }[]).map((r) => r.id)
  db.close()
  const step = Math.max(1, Math.floor(ids.length / wanted))
  return ids.filter((_, i) => i % step === 0).slice(0, wanted)
}

export type Tokens = { memberAuth: string; adminAuth: string }

/** The token an action's access needs: none for public ones, the demo admin's for console and review actions. */
export function authFor(action: Action, tokens: Tokens): string | undefined {
  if (action.access === 'public') return undefined
  return typeof action.access === 'object' ? tokens.adminAuth : tokens.memberAuth
}

/** The load of one action: its example payload, with ids rotating over real rows of `runFile` for detail pages. */
export function loadOf(action: Action, runFile: string, auth: string | undefined): Load {
  const name = actionPath(action).slice(5)
  const table = ROTATE_IDS[name]
  const ids = table ? idsOf(runFile, table) : []
  const example = action.example as object
  const body = table ? (n: number) => ({ ...example, id: ids[n % ids.length] }) : () => example
  return { path: actionPath(action), body, auth, rotation: ids.length || undefined }
}

/** `--only a,b`: the actions whose path contains any of the texts; every action without it. */
export function selectedActions(actions: readonly Action[], only: string | undefined): Action[] {
  const wanted = only?.split(',').filter(Boolean) ?? []
  return actions.filter((action) => !wanted.length || wanted.some((text) => actionPath(action).includes(text)))
}

/** The `--only` argument, as `--only a,b` or `--only=a,b`. */
export function onlyArgument(argv: string[]): string | undefined {
  const at = argv.indexOf('--only')
  return at >= 0 ? (argv[at + 1] ?? '') : argv.find((a) => a.startsWith('--only='))?.slice(7)
}
