import { describe, expect, test } from 'vitest'
import { problemsOf } from './transfer-page'

describe("problemsOf (the importer's refusal as a list)", () => {
  test('takes the headline off and lists one problem per line', () => {
    expect(
      problemsOf('种子数据有误，未导入任何内容：\nteachers.json 第 3 条 字段 name: 不能为空\ncourses.json 第 1 条 名师「x」不存在'),
    ).toEqual({
      title: '种子数据有误，未导入任何内容',
      problems: ['teachers.json 第 3 条 字段 name: 不能为空', 'courses.json 第 1 条 名师「x」不存在'],
    })
  })

  test('a one-line refusal is the single problem under a plain headline', () => {
    expect(problemsOf('请上传由“导出”生成的 zip 文件')).toEqual({
      title: '导入被拒绝，数据库没有任何改动',
      problems: ['请上传由“导出”生成的 zip 文件'],
    })
  })
})
