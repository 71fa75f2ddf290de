import {
  isSubmissionStatus,
  REVIEW_STATUS_TEXT,
  SUBMISSION_STATUS_TEXT,
  SUBMISSION_STATUSES,
  submissionStatusSchema,
} from './submission-status'

describe('submission statuses', () => {
  test('members read 未通过 where editors read 已驳回', () => {
    expect(SUBMISSION_STATUS_TEXT).toEqual({ pending: '待审核', approved: '已通过', rejected: '未通过', withdrawn: '已下架' })
    expect(REVIEW_STATUS_TEXT).toEqual({ pending: '待审核', approved: '已通过', rejected: '已驳回', withdrawn: '已下架' })
    expect(Object.keys(SUBMISSION_STATUS_TEXT)).toEqual([...SUBMISSION_STATUSES])
  })

  test('isSubmissionStatus accepts only the four states', () => {
    expect(SUBMISSION_STATUSES.every(isSubmissionStatus)).toBe(true)
    for (const value of [null, undefined, '', 'PENDING', 'deleted', 1]) expect(isSubmissionStatus(value), String(value)).toBe(false)
  })

  test('the schema names the allowed values', () => {
    expect(submissionStatusSchema.parse('approved')).toBe('approved')
    expect(submissionStatusSchema.safeParse('done').error?.issues[0].message).toBe('审核状态应为 pending、approved、rejected 或 withdrawn')
  })
})
