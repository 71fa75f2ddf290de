import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '../../../lib/api-client'
import type { AboutKey } from '../../../../../common/api/about'

// Each about text has its own contract action in the Course group.
const ACTIONS = {
  intro: '/api/Course/getIntro',
  service: '/api/Course/getService',
  contact: '/api/Course/getLianxi',
  statement: '/api/Course/getStatement',
  terms: '/api/Course/getClause',
  privacy: '/api/Course/getPrivacy',
} as const satisfies Record<AboutKey, string>

export const getAboutPage = (key: AboutKey) => post(ACTIONS[key], {})

export const aboutPageQuery = (key: AboutKey) =>
  queryOptions({ queryKey: ['about', key], queryFn: () => getAboutPage(key), staleTime: 5 * 60_000 })

export const useAboutPage = (key: AboutKey | null) => useQuery({ ...aboutPageQuery(key as AboutKey), enabled: key !== null })
