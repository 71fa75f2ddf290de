import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Col, Collapse, Drawer, Form, Result, Row, Space, Spin } from 'antd'
import { useMemo, useState } from 'react'
import { adminAction, useAdminQuery } from '../api/admin-client'
import type { EntityConfig, FieldSpec } from './entity-config'
import { FieldInput, itemPropsFor } from './field-input'
import { checkSeedRecord, seedDefaults, seedFieldRule, seedPayload, suggestSlug, type SeedValues } from './seed-form'

/** `recordKey` is the record's id, or its key in a fixed set keyed otherwise (an about page's `key`). */
type Props = { config: EntityConfig; recordKey: number | string | 'new'; onClose: () => void; defaults?: SeedValues }
type Key = number | string
type Saved = SeedValues & { id: number }

const hasValue = (value: unknown) => value !== undefined && value !== null && value !== ''
const groupsOf = (fields: FieldSpec[]) => [...new Set(fields.flatMap((field) => (field.group ? [field.group] : [])))]

/** A create/edit drawer for one record, validated with the entity's seed schema before it is sent. */
export function EntityFormDrawer({ config, recordKey, onClose, defaults }: Props) {
  const isNew = recordKey === 'new'
  const record = useAdminQuery<Saved>(config.word, `${config.word}Get`, { [config.keyField ?? 'id']: recordKey }, !isNew)
  const initial = useMemo<SeedValues | null>(() => {
    if (!isNew) return record.data ?? null
    const blank: SeedValues = { ...seedDefaults(config.kind), ...defaults }
    for (const field of config.fields) {
      if (['text', 'textarea', 'slug', 'link'].includes(field.kind) && blank[field.name] === undefined) blank[field.name] = ''
    }
    if (config.slugPrefix) blank.slug = suggestSlug(config.slugPrefix)
    return blank
  }, [isNew, record.data, config, defaults])

  return (
    <Drawer
      open
      title={isNew ? `新建${config.title}` : `编辑${config.title}`}
      size={760}
      onClose={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      styles={{ body: { paddingTop: 16 } }}
    >
      {record.isError ? (
        <Result status="warning" title="无法加载这条记录" subTitle={record.error.message} />
      ) : !initial ? (
        <Spin description="加载中…">
          <div style={{ height: 240 }} />
        </Spin>
      ) : (
        <EntityForm key={String(recordKey)} config={config} recordKey={recordKey} initial={initial} onClose={onClose} />
      )}
    </Drawer>
  )
}

function EntityForm({
  config,
  recordKey,
  initial,
  onClose,
}: {
  config: EntityConfig
  recordKey: Key
  initial: SeedValues
  onClose: () => void
}) {
  const isNew = recordKey === 'new'
  const { message } = App.useApp()
  const [form] = Form.useForm<SeedValues>()
  const [serverError, setServerError] = useState<string | null>(null)
  const queryClient = useQueryClient()
  // A folded group (SEO) starts open when it holds a value, and opens when one of its fields is refused.
  const groups = groupsOf(config.fields)
  const [openGroups, setOpenGroups] = useState(() =>
    groups.filter((group) => config.fields.some((field) => field.group === group && hasValue(initial[field.name]))),
  )
  const openGroupsOf = (names: string[]) => {
    const refused = groupsOf(config.fields.filter((field) => names.includes(field.name)))
    setOpenGroups((open) => [...new Set([...open, ...refused])])
  }
  const save = useMutation({
    mutationFn: (payload: SeedValues) => adminAction<Saved>(`${config.word}Save`, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })

  const submit = async () => {
    setServerError(null)
    try {
      await form.validateFields()
    } catch (error) {
      const { errorFields = [] } = error as { errorFields?: { name: (string | number)[] }[] }
      openGroupsOf(errorFields.map((problem) => String(problem.name[0])))
      return
    }
    const payload = seedPayload(config.kind, initial, form.getFieldsValue(true) as SeedValues)
    const checked = checkSeedRecord(config.kind, payload)
    if ('problems' in checked) {
      const shown = checked.problems.filter((problem) => config.fields.some((field) => field.name === problem.name))
      form.setFields(shown.map((problem) => ({ name: problem.name, errors: [problem.message] })))
      openGroupsOf(shown.map((problem) => problem.name))
      const hidden = checked.problems.filter((problem) => !shown.includes(problem))
      if (hidden.length) setServerError(hidden.map((problem) => `${problem.name}：${problem.message}`).join('；'))
      return
    }
    try {
      // An update names its row by id; a fixed set's record names itself by its key field.
      const isById = !isNew && (config.keyField ?? 'id') === 'id'
      await save.mutateAsync(isById ? { ...checked.record, id: initial.id } : checked.record)
      message.success(isNew ? `已创建${config.title}` : '已保存')
      onClose()
    } catch (error) {
      const text = (error as Error).message
      // The importer names the field it refuses (分类「x」不存在…): show it there too when it says which.
      const field = config.fields.find((candidate) => text.includes(candidate.name) || text.includes(candidate.label))
      if (field) {
        form.setFields([{ name: field.name, errors: [text] }])
        openGroupsOf([field.name])
      }
      setServerError(text)
    }
  }

  return (
    <>
      {serverError && <Alert type="error" showIcon title="保存失败" description={serverError} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void submit()} requiredMark={false} scrollToFirstError>
        <Row gutter={16}>{config.fields.filter((field) => !field.group).map((field) => fieldItem(config, field))}</Row>
        {groups.length > 0 && (
          <Collapse
            ghost
            activeKey={openGroups}
            onChange={(keys) => setOpenGroups(keys)}
            items={groups.map((group) => ({
              key: group,
              label: group,
              // Rendered while folded, so its fields keep their values and rules.
              forceRender: true,
              children: (
                <Row gutter={16}>{config.fields.filter((field) => field.group === group).map((field) => fieldItem(config, field))}</Row>
              ),
            }))}
          />
        )}
        <div className="adm-form-footer">
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          </Space>
        </div>
      </Form>
    </>
  )
}

/** One field of the form with its label, help and the seed schema's rule. */
function fieldItem(config: EntityConfig, field: FieldSpec) {
  return (
    <Col key={field.name} span={field.half ? 12 : 24}>
      <Form.Item
        name={field.name}
        label={field.label}
        extra={field.help}
        rules={[seedFieldRule(config.kind, field.name)]}
        validateTrigger={['onBlur', 'onChange']}
        {...itemPropsFor(field)}
      >
        <FieldInput field={field} />
      </Form.Item>
    </Col>
  )
}
