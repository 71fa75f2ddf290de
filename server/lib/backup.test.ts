import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import * as tar from 'tar'
import { prisma } from '../db'
import { env } from '../env'
import { isPostgres } from '../test/database'
import { createCourse, createCourseCategory, unique } from '../test/factories'
import { backupName, createBackup, listBackups, pruneBackups, restoreBackup } from './backup'
import { scheduleBackups } from '../data/backup-schedule'

const sourceDb = env.databaseUrl.replace(/^file:/, '')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

let folders = 0
const folder = (name: string) => fs.mkdirSync(path.join(work, `${++folders}-${name}`), { recursive: true }) as string

const sha256 = (data: crypto.BinaryLike) => crypto.createHash('sha256').update(data).digest('hex')

/** Every file under `dir` (relative path -> sha256), work folders (.tmp, .resumable, .restore-*) left out. */
function fileHashes(dir: string): Record<string, string> {
  const hashes: Record<string, string> = {}
  const walk = (at: string, prefix: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      if (!prefix && (entry.name === '.tmp' || entry.name === '.resumable' || entry.name.startsWith('.restore-'))) continue
      const full = path.join(at, entry.name)
      if (entry.isDirectory()) walk(full, `${prefix}${entry.name}/`)
      else hashes[`${prefix}${entry.name}`] = sha256(fs.readFileSync(full))
    }
  }
  if (fs.existsSync(dir)) walk(dir, '')
  return hashes
}

/** An upload folder with nested, binary, Chinese-named and hidden files, plus a multipart temp file. */
function makeUploads(): string {
  const dir = folder('uploads')
  const write = (relative: string, data: Buffer | string) => {
    fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true })
    fs.writeFileSync(path.join(dir, relative), data)
  }
  write('2026/11/23/photo.png', crypto.randomBytes(300_000))
  write('2026/11/23/clip.mp4', crypto.randomBytes(120_000))
  write('seed/teachers/王老师 头像.jpg', crypto.randomBytes(5_000))
  write('.gitkeep', '')
  write('.tmp/upload-in-flight.part', 'half an upload')
  write('.resumable/q3Vh0pZ5mS2xYt8LrKe1Aw', 'the first bytes of a lecture on its way in')
  return dir
}

/** Row counts of every table (the FTS index's shadow tables are derived data: checked by its own command). */
function tableCounts(db: Database.Database): Record<string, number> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'SearchIndex%'")
    .all() as { name: string }[]
  return Object.fromEntries(tables.map(({ name }) => [name, (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]))
}

const courseTitles = (db: Database.Database) =>
  (db.prepare('SELECT title FROM Course ORDER BY id').all() as { title: string }[]).map((row) => row.title)

/** Changes a file of an archive and packs it again (a valid .tar.gz whose content no longer matches). */
async function tamper(archive: string, change: (dir: string) => void): Promise<string> {
  const dir = folder('tamper')
  await tar.extract({ file: archive, cwd: dir })
  change(dir)
  const tampered = path.join(folder('tampered'), 'mingshi-backup-20300101-000000.tar.gz')
  await tar.create({ file: tampered, gzip: true, cwd: dir }, fs.readdirSync(dir))
  return tampered
}

// File backups copy the SQLite file; PostgreSQL is backed up with pg_dump (database-url.test.ts checks the refusal).
describe.skipIf(isPostgres)('backups', () => {
  test('a backup taken during a stream of writes restores to exactly the state of one moment', async () => {
    const uploads = makeUploads()
    const category = await createCourseCategory()
    const counter = await createCourse({ categoryId: category.id, views: 0 })
    const run = unique('run')
    const title = (i: number) => `并发写入-${run}-${i}`

    // Each iteration writes two tables and updates a third row in one transaction.
    let written = 0
    let stop = false
    const writer = (async () => {
      while (!stop) {
        const i = written + 1
        await prisma.$transaction([
          prisma.course.create({ data: { slug: `${run}-${i}`, title: title(i), categoryId: category.id } }),
          prisma.tag.create({ data: { name: `${run}-标签-${i}` } }),
          prisma.course.update({ where: { id: counter.id }, data: { views: i } }),
        ])
        written = i
        // The driver is synchronous: without a turn of the event loop, nothing else would ever run.
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()

    await vi.waitFor(() => expect(written).toBeGreaterThanOrEqual(5), { timeout: 5000, interval: 5 })
    const before = written
    const backupDir = folder('backups')
    const backup = await createBackup({ backupDir, uploadDir: uploads })
    const atReturn = written
    await vi.waitFor(() => expect(written).toBeGreaterThan(atReturn + 3), { timeout: 5000, interval: 5 })
    stop = true
    await writer

    expect(path.basename(backup.file)).toMatch(/^mingshi-backup-\d{8}-\d{6}\.tar\.gz$/)
    expect(fs.readdirSync(backupDir)).toEqual([backup.name])
    const entries: string[] = []
    await tar.list({ file: backup.file, onReadEntry: (entry) => void entries.push(entry.path) })
    expect(entries.slice(0, 2)).toEqual(['manifest.json', 'portal.db'])
    expect(entries.slice(2).sort()).toEqual(
      Object.keys(fileHashes(uploads))
        .map((file) => `uploads/${file}`)
        .sort(),
    )
    expect(entries.some((entry) => entry.includes('.tmp') || entry.includes('.resumable'))).toBe(false)

    const target = folder('restored')
    const databaseFile = path.join(target, 'data', 'portal.db')
    const uploadDir = path.join(target, 'uploads')
    const manifest = await restoreBackup({ archive: backup.file, databaseFile, uploadDir })
    expect(manifest.migrations.length).toBeGreaterThan(0)
    expect(manifest.uploads.files).toBe(4)

    const restored = new Database(databaseFile)
    const source = new Database(sourceDb, { readonly: true })
    try {
      expect(restored.pragma('integrity_check', { simple: true })).toBe('ok')
      restored.prepare(`INSERT INTO "SearchIndex" ("SearchIndex") VALUES ('integrity-check')`).run()
      // k = the last write in the copy. Every write committed before the backup began is in it, and
      // exactly the writes 1..k are, with the counter row at k: one committed state.
      const k = (restored.prepare('SELECT views FROM Course WHERE id = ?').get(counter.id) as { views: number }).views
      expect(k).toBeGreaterThanOrEqual(before)
      expect(k).toBeLessThan(written)
      const copied = courseTitles(restored).filter((t) => t.startsWith(`并发写入-${run}-`))
      expect(copied).toEqual(Array.from({ length: k }, (_, index) => title(index + 1)))

      // The source at that moment = the source now without writes k+1..end (one Course and one Tag each).
      const later = written - k
      const expected = tableCounts(source)
      expected.Course -= later
      expected.Tag -= later
      expect(tableCounts(restored)).toEqual(expected)
      const laterTitles = new Set(Array.from({ length: later }, (_, index) => title(k + index + 1)))
      expect(sha256(courseTitles(restored).join('\n'))).toBe(
        sha256(
          courseTitles(source)
            .filter((t) => !laterTitles.has(t))
            .join('\n'),
        ),
      )
      expect(manifest.migrations).toEqual(
        (source.prepare('SELECT migration_name FROM _prisma_migrations ORDER BY migration_name').all() as { migration_name: string }[]).map(
          (row) => row.migration_name,
        ),
      )
    } finally {
      restored.close()
      source.close()
    }

    expect(fileHashes(uploadDir)).toEqual(fileHashes(uploads))
    expect(fs.existsSync(path.join(uploadDir, '.tmp'))).toBe(false)
    expect(fs.readdirSync(uploadDir).filter((name) => name.startsWith('.restore-'))).toEqual([])
  })

  test('restoring over existing data replaces the database and the uploads, and leaves no old files', async () => {
    const backupDir = folder('backups')
    const backup = await createBackup({ backupDir, uploadDir: makeUploads() })
    const target = folder('existing')
    const databaseFile = path.join(target, 'portal.db')
    const uploadDir = path.join(target, 'uploads')
    fs.writeFileSync(databaseFile, 'old database')
    fs.writeFileSync(`${databaseFile}-wal`, 'stale wal')
    fs.writeFileSync(`${databaseFile}-shm`, 'stale shm')
    fs.mkdirSync(path.join(uploadDir, 'old'), { recursive: true })
    fs.writeFileSync(path.join(uploadDir, 'old', 'gone.png'), 'old upload')
    fs.mkdirSync(path.join(uploadDir, '.tmp'))

    await restoreBackup({ archive: backup.file, databaseFile, uploadDir })

    expect(fs.readdirSync(target).sort()).toEqual(['portal.db', 'uploads'])
    expect(sha256(fs.readFileSync(databaseFile))).toBe(backup.manifest.database.sha256)
    expect(fs.existsSync(path.join(uploadDir, 'old'))).toBe(false)
    expect(Object.keys(fileHashes(uploadDir))).toHaveLength(4)
    expect(fs.existsSync(path.join(uploadDir, '.tmp'))).toBe(true)
  })

  test('pruning keeps the newest N and nothing else of theirs', async () => {
    const backupDir = folder('backups')
    const uploadDir = folder('empty-uploads')
    const start = new Date(2030, 0, 31, 23, 59, 58)
    const names: string[] = []
    for (let i = 0; i < 4; i++) names.push((await createBackup({ backupDir, uploadDir, now: new Date(start.getTime() + i * 1000) })).name)
    expect(names).toEqual([
      'mingshi-backup-20300131-235958.tar.gz',
      'mingshi-backup-20300131-235959.tar.gz',
      'mingshi-backup-20300201-000000.tar.gz',
      'mingshi-backup-20300201-000001.tar.gz',
    ])
    await expect(createBackup({ backupDir, uploadDir, now: start })).rejects.toThrow(/同名备份/)
    fs.writeFileSync(path.join(backupDir, 'notes.txt'), 'operator notes')
    const stale = path.join(backupDir, '.partial-mingshi-backup-20300101-030000-abcdef')
    fs.mkdirSync(stale)
    fs.utimesSync(stale, new Date(2020, 0, 1), new Date(2020, 0, 1))

    expect((await listBackups(backupDir)).map((backup) => backup.name)).toEqual([...names].reverse())
    expect(await pruneBackups(backupDir, 2)).toEqual([names[1], names[0]])
    expect(fs.readdirSync(backupDir).sort()).toEqual([names[2], names[3], 'notes.txt'])
    expect((await listBackups(backupDir))[0].createdAt).toEqual(new Date(2030, 1, 1, 0, 0, 1))
    expect(await pruneBackups(backupDir, 2)).toEqual([])
    await expect(pruneBackups(backupDir, 0)).rejects.toThrow(RangeError)
  })

  describe('a restore refuses and changes nothing', () => {
    let good: string
    let target: string
    let databaseFile: string
    let uploadDir: string
    let before: Record<string, string>
    beforeAll(async () => {
      good = (await createBackup({ backupDir: folder('backups'), uploadDir: makeUploads() })).file
      target = folder('target')
      databaseFile = path.join(target, 'data', 'portal.db')
      uploadDir = path.join(target, 'uploads')
      fs.mkdirSync(path.dirname(databaseFile))
      fs.copyFileSync(sourceDb, databaseFile)
      fs.mkdirSync(path.join(uploadDir, 'kept'), { recursive: true })
      fs.writeFileSync(path.join(uploadDir, 'kept', 'a.png'), crypto.randomBytes(1000))
      before = fileHashes(target)
    })
    afterEach(() => expect(fileHashes(target)).toEqual(before))

    test('when a byte of portal.db changed', async () => {
      const archive = await tamper(good, (dir) => {
        const file = path.join(dir, 'portal.db')
        const bytes = fs.readFileSync(file)
        bytes[bytes.length >> 1] ^= 0xff
        fs.writeFileSync(file, bytes)
      })
      await expect(restoreBackup({ archive, databaseFile, uploadDir })).rejects.toThrow(/备份文件已损坏.*校验和/)
    })

    test('when the manifest checksum does not match', async () => {
      const archive = await tamper(good, (dir) => {
        const file = path.join(dir, 'manifest.json')
        const manifest = JSON.parse(fs.readFileSync(file, 'utf8'))
        manifest.database.sha256 = sha256('another database')
        fs.writeFileSync(file, JSON.stringify(manifest))
      })
      await expect(restoreBackup({ archive, databaseFile, uploadDir })).rejects.toThrow(/校验和/)
    })

    test('when an upload is missing or the manifest is gone', async () => {
      const missing = await tamper(good, (dir) => fs.rmSync(path.join(dir, 'uploads', '2026', '11', '23', 'clip.mp4')))
      await expect(restoreBackup({ archive: missing, databaseFile, uploadDir })).rejects.toThrow(/上传文件应有 4 个，实为 3 个/)
      const noManifest = await tamper(good, (dir) => fs.rmSync(path.join(dir, 'manifest.json')))
      await expect(restoreBackup({ archive: noManifest, databaseFile, uploadDir })).rejects.toThrow(/manifest\.json/)
    })

    test('when the archive itself is damaged or cut short', async () => {
      const bytes = fs.readFileSync(good)
      const flipped = path.join(folder('flipped'), 'flipped.tar.gz')
      const copy = Buffer.from(bytes)
      for (let i = 100; i < 110; i++) copy[i] ^= 0xff
      fs.writeFileSync(flipped, copy)
      await expect(restoreBackup({ archive: flipped, databaseFile, uploadDir })).rejects.toThrow(/备份文件已损坏/)
      const cut = path.join(folder('cut'), 'cut.tar.gz')
      fs.writeFileSync(cut, bytes.subarray(0, bytes.length >> 1))
      await expect(restoreBackup({ archive: cut, databaseFile, uploadDir })).rejects.toThrow(/备份文件已损坏/)
    })

    test('while the database is open elsewhere (a running portal)', async () => {
      // The copy is a WAL database, as the portal's is: an idle reader holds it open.
      const server = new Database(databaseFile)
      try {
        expect(server.pragma('journal_mode', { simple: true })).toBe('wal')
        server.prepare('SELECT count(*) FROM Course').get()
        await expect(restoreBackup({ archive: good, databaseFile, uploadDir })).rejects.toThrow(/正在被使用/)
      } finally {
        server.close()
      }
    })
  })

  test("refuses to restore onto this process's own open database", async () => {
    await prisma.course.count()
    const archive = (await createBackup({ backupDir: folder('backups'), uploadDir: folder('no-uploads') })).file
    await expect(restoreBackup({ archive, databaseFile: sourceDb, uploadDir: folder('uploads-target') })).rejects.toThrow(/正在被使用/)
  })

  test('the schedule backs up at each cron time and prunes to BACKUP_KEEP', async () => {
    const backupDir = folder('scheduled')
    const uploadDir = makeUploads()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    vi.setSystemTime(new Date(2030, 0, 1, 2, 59, 58))
    const stop = scheduleBackups({ ...env, BACKUP_CRON: '0 3 * * *', BACKUP_DIR: backupDir, BACKUP_KEEP: 2, UPLOAD_DIR: uploadDir })
    try {
      const expected: string[] = []
      for (let day = 1; day <= 3; day++) {
        // From 02:59:58 to just past 03:00: the run starts; the files are written with real I/O.
        await vi.advanceTimersByTimeAsync(day === 1 ? 2_500 : 24 * 60 * 60 * 1000)
        expected.unshift(backupName(new Date(2030, 0, day, 3, 0, 0)))
        await vi.waitFor(async () => expect((await listBackups(backupDir)).map((backup) => backup.name)).toEqual(expected.slice(0, 2)), {
          timeout: 5000,
        })
      }
      expect(fs.readdirSync(backupDir).sort()).toEqual(['mingshi-backup-20300102-030000.tar.gz', 'mingshi-backup-20300103-030000.tar.gz'])
    } finally {
      stop()
      vi.useRealTimers()
    }
  })

  test('BACKUP_CRON must be a valid 5-field expression', async () => {
    const saved = process.env.BACKUP_CRON
    try {
      for (const bad of ['61 3 * * *', '* * * * * *', 'every night']) {
        process.env.BACKUP_CRON = bad
        vi.resetModules()
        await expect(import('../env')).rejects.toThrow(/BACKUP_CRON/)
      }
      process.env.BACKUP_CRON = '30 2 * * 1'
      vi.resetModules()
      expect((await import('../env')).env.BACKUP_CRON).toBe('30 2 * * 1')
    } finally {
      if (saved === undefined) delete process.env.BACKUP_CRON
      else process.env.BACKUP_CRON = saved
      vi.resetModules()
    }
  })
})
