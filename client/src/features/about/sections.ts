import { ABOUT_TABS } from '../../config/paths'
import type { AboutKey } from '../../../../common/api/about'

export type AboutSection = { id: number; label: string; key: AboutKey | null }

/** Tab order of the about section; ids are the spec's (1, 2, 4, 5) plus privacy (3) and statement (6). */
export const ABOUT_SECTIONS: AboutSection[] = [
  { id: ABOUT_TABS.intro, label: '平台介绍', key: 'intro' },
  { id: ABOUT_TABS.terms, label: '服务条款', key: 'terms' },
  { id: ABOUT_TABS.privacy, label: '隐私政策', key: 'privacy' },
  { id: ABOUT_TABS.partners, label: '合作伙伴', key: null },
  { id: ABOUT_TABS.contact, label: '联系我们', key: 'contact' },
  { id: ABOUT_TABS.statement, label: '免责声明', key: 'statement' },
]

/** Spec §9: the about tab defaults to 1; unknown ids fall back to it too. */
export function aboutSection(raw: string | null): AboutSection {
  return ABOUT_SECTIONS.find((section) => String(section.id) === raw) ?? ABOUT_SECTIONS[0]
}
