// Site settings are key/value rows rather than records of a content type: their one schema is the
// seed's settings.json record, and the console edits them as one form (Admin/configSave).
import { z } from '../validation/z'
import { text } from './shared-fields'

export const settingKeys = [
  'title',
  'keywords',
  'description',
  'company_name',
  'logo',
  'btlogo',
  'icon',
  'wx',
  'phone',
  'fax',
  'mailbox',
  'address',
  'icp',
] as const
export const imageSettingKeys = new Set<string>(['logo', 'btlogo', 'icon', 'wx'])

export const settingSchema = z.strictObject({
  key: z.enum(settingKeys, { error: `key 应为 ${settingKeys.join('、')} 之一` }),
  // null: empty, and for a picture key (logo, btlogo, icon, wx) no picture drawn either.
  value: text(1000).nullable(),
})
