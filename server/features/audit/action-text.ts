// An audit row's action in words for the console (保存名师, 发布课程, 修改会员角色): the content actions'
// from the content types' labels, so a new type or a new lifecycle verb needs no entry here; the
// handful of other writes from a short table. An action none of these knows reads as its code.
import { contentTypes } from '../../../common/content-types/registry'
import { ROLE_LABELS, isMemberRole } from '../../../common/rules/roles'

type Snapshot = Record<string, unknown> | null

/** What a content verb does to a record of type `label`; `after` tells a publish from a takedown. */
const CONTENT_VERBS: Record<string, (label: string, after: Snapshot) => string> = {
  Save: (label) => `保存${label}`,
  Delete: (label) => `删除${label}`,
  Sort: (label) => `调整${label}顺序`,
  Publish: (label, after) => (after?.isPublished === false || after?.isActive === false ? `下架${label}` : `发布${label}`),
  Schedule: (label) => `设置${label}定时发布或下架`,
  Restore: (label) => `恢复${label}`,
  DraftSave: (label) => `保存${label}草稿`,
  DraftPublish: (label) => `发布${label}草稿`,
  DraftDiscard: (label) => `丢弃${label}草稿`,
}

const labelByWord = new Map<string, string>(contentTypes.map((type) => [type.word, type.label]))
// Longest words first, so `teacherCategorySave` is a teacher category's, not a teacher's.
const contentWords = [...labelByWord.keys()].sort((a, b) => b.length - a.length)

/** The writes outside content, by action (console actions, the member-side review, the command line). */
const OTHER_ACTIONS: Record<string, string> = {
  'Admin/configSave': '修改站点配置',
  'Admin/export': '导出全部内容',
  'Admin/import': '导入内容',
  'Admin/setup': '创建首位管理员',
  'Admin/memberRevealPhone': '查看会员手机号',
  'Admin/memberDisable': '停用或启用会员',
  'Admin/memberRole': '修改会员角色',
  'Admin/memberResetPassword': '重置会员密码',
  'Admin/staffCreate': '邀请员工',
  'Admin/contributionReview': '审核投稿',
  'Admin/contributionTakedown': '下架投稿',
  'Admin/videoReview': '审核视频',
  'Admin/videoTakedown': '下架视频',
  'Admin/sensitiveWordSave': '保存敏感词',
  'Admin/sensitiveWordDelete': '删除敏感词',
  // Inquiries became bookings (issue 26); their old rows keep their words.
  'Admin/inquirySave': '处理合作咨询',
  'Admin/bookingMove': '修改名师预约状态',
  'Admin/bookingReschedule': '名师预约改期',
  'Admin/bookingAssign': '指派名师预约负责人',
  'Admin/bookingFollowUp': '跟进名师预约',
  'Admin/bookingExport': '导出名师预约',
  'Admin/mediaUpload': '上传媒体文件',
  'Admin/mediaUploadComplete': '上传媒体视频（断点续传）',
  'Admin/mediaSave': '编辑媒体文件信息',
  'Admin/mediaDelete': '删除媒体文件',
  'Admin/jobRerun': '重新执行后台任务',
  'Admin/alertChannelSave': '保存告警通道',
  'Admin/alertChannelDelete': '删除告警通道',
  'Admin/alertChannelTest': '测试告警通道',
  'Admin/commentApprove': '通过评论',
  'Admin/commentHide': '隐藏评论',
  'Admin/commentDelete': '删除评论',
  'Admin/commentSettingsSave': '修改评论审核设置',
  'Member/reviewContribution': '审核投稿',
  'Member/reviewVideo': '审核视频',
  'cli:create': '创建管理员（命令行）',
  'cli:reset-password': '重置密码（命令行）',
  'cli:grant': '授予角色（命令行）',
}

/** `Admin/teacherSave` -> 保存名师; an unknown action reads as its code. */
export function actionTextOf(action: string, after: unknown = null): string {
  const known = OTHER_ACTIONS[action]
  if (known) return known
  const name = action.startsWith('Admin/') ? action.slice('Admin/'.length) : action
  const word = contentWords.find((candidate) => name.startsWith(candidate) && CONTENT_VERBS[name.slice(candidate.length)])
  if (!word) return action
  const snapshot = after && typeof after === 'object' ? (after as Record<string, unknown>) : null
  return CONTENT_VERBS[name.slice(word.length)](labelByWord.get(word)!, snapshot)
}

/** Role codes in a summary as their names: "由 member 改为 editor" -> "由 会员 改为 编辑" (rows written before they were named). */
export const summaryInWords = (summary: string) =>
  summary.replace(/(由|改为) (member|editor|reviewer|publisher|sales|admin)\b/g, (whole, verb: string, role: string) =>
    isMemberRole(role) ? `${verb} ${ROLE_LABELS[role]}` : whole,
  )
