// Site configuration as one form: every key Index/getConfig and Index/getSiteInfo answer with
// (settingKeys in common/content-schemas.ts), saved as the seed's settings records.
import { z } from 'zod'
import { prisma } from '../../db'
import { ApiError, Code } from '../../lib/api-error'
import { withLock } from '../../data/lease'
import { validateRecord, writeRecords } from '../content/record.service'
import { seedSchemas, settingKeys, type SeedRecord } from '../../../common/content-schemas'
import { recordAudit } from '../audit/audit.service'
import type { Actor } from './content.service'

type SettingKey = (typeof settingKeys)[number]
type Config = Record<SettingKey, string>

// Each value as the seed's settings file allows it; a key left out keeps its value.
const valueSchema = seedSchemas.settings.shape.value
export const configSaveSchema = z.strictObject(
  Object.fromEntries(settingKeys.map((key) => [key, valueSchema.optional()])) as Record<SettingKey, z.ZodOptional<typeof valueSchema>>,
)
export type ConfigSaveInput = z.infer<typeof configSaveSchema>

/** Every setting, "" for one never set. */
export async function getConfig(): Promise<Config> {
  const rows = await prisma.siteSetting.findMany({ where: { key: { in: [...settingKeys] } }, select: { key: true, value: true } })
  const values = new Map(rows.map((row) => [row.key, row.value]))
  return Object.fromEntries(settingKeys.map((key) => [key, values.get(key) ?? ''])) as Config
}

/** Saves the given keys (images must be uploaded files or links) and answers the whole configuration. */
export function saveConfig(input: ConfigSaveInput, actor: Actor) {
  return withLock('admin-content', async () => {
    const before = await getConfig()
    const records = Object.entries(input)
      .filter(([key, value]) => value !== undefined && value !== before[key as SettingKey])
      .map(([key, value]) => ({ key, value }) as SeedRecord<'settings'>)
    if (!records.length) return before
    // A setting's problem names its key, the field of this form.
    const problems = await Promise.all(
      records.map(async (record) =>
        (await validateRecord('settings', record)).map((problem) => problem.replace('字段 value', `字段 ${record.key}`)),
      ),
    )
    if (problems.flat().length) throw new ApiError(Code.BAD_PARAMS, problems.flat().join('；'))
    const changed = records.map((record) => record.key)
    await prisma.$transaction(async (tx) => {
      await writeRecords(tx, { settings: records })
      await recordAudit(
        {
          staffId: actor.staffId,
          action: 'Admin/configSave',
          entity: 'config',
          summary: `修改网站配置：${changed.join('、')}`,
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(records.map((record) => [record.key, record.value])),
          ip: actor.ip,
        },
        tx,
      )
    })
    return getConfig()
  })
}
