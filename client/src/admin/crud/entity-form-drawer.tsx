import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Col, Collapse, Drawer, Form, Popconfirm, Result, Row, Space, Spin, Tooltip } from 'antd'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react'
import { SEO_GROUP } from '../../../../common/content-types/shared-fields'
import { adminAction, useAdminQuery } from '../api/admin-client'
import { DraftBanner } from '../lifecycle/draft-banner'
import type { Draft } from '../lifecycle/lifecycle-api'
import { RecordLifecycleActions } from '../lifecycle/record-actions'
import { StateTag, type Lifecycle } from '../lifecycle/record-state'
import { useLeaveGuard } from '../lifecycle/use-leave-guard'
import type { EntityConfig, FieldSpec } from './entity-config'
import { FieldInput, itemPropsFor } from './field-input'
import { SearchResultPreview } from './search-result-preview'
import { checkSeedRecord, seedDefaults, seedFieldRule, seedPayload, suggestSlug, type SeedValues } from './seed-form'

/** `recordKey` is the record's id, or its key in a fixed set keyed otherwise (an about page's `key`). */
type Props = { config: EntityConfig; recordKey: number | string | 'new'; onClose: () => void; defaults?: SeedValues }
type Key = number | string
type Saved = SeedValues & Lifecycle & { id: number }

const hasValue = (value: unknown) => value !== undefined && value !== null && value !== ''
const groupsOf = (fields: FieldSpec[]) => [...new Set(fields.flatMap((field) => (field.group ? [field.group] : [])))]

/** A create/edit drawer for one record, validated with the entity's seed schema before it is sent. */
export function EntityFormDrawer({ config, recordKey, onClose, defaults }: Props) {
  const isNew = recordKey === 'new'
  const record = useAdminQuery<Saved>(config.word, `${config.word}Get`, { [config.keyField ?? 'id']: recordKey }, !isNew)
  // A published record with a draft of its next version opens on the draft (lifecycle/draft-banner.tsx).
  const hasDraft = Boolean(record.data?.draftAt)
  const draft = useAdminQuery<Draft | null>(config.word, `${config.word}Draft`, { id: recordKey }, hasDraft)
  // Bumped after a version is restored or a draft settled, so the form starts again from the record.
  const [generation, setGeneration] = useState(0)
  const initial = useMemo<SeedValues | null>(() => {
    if (!isNew && hasDraft) return draft.data ? { ...draft.data.record } : null
    if (!isNew) return record.data ?? null
    const blank: SeedValues = { ...seedDefaults(config.kind), ...defaults }
    for (const field of config.fields) {
      if (['text', 'textarea', 'slug', 'link'].includes(field.kind) && blank[field.name] === undefined) blank[field.name] = ''
    }
    // A new record is a draft: it goes live only through 发布 or a schedule.
    if (config.publishField) blank[config.publishField] = false
    if (config.slugPrefix) blank.slug = suggestSlug(config.slugPrefix)
    return blank
  }, [isNew, hasDraft, draft.data, record.data, config, defaults])
  const restart = () => void record.refetch().then(() => setGeneration((n) => n + 1))

  return (
    <Drawer
      open
      title={isNew ? `新建${config.title}` : `编辑${config.title}`}
      extra={!isNew && config.publishField && record.data ? <StateTag row={record.data} config={config} /> : undefined}
      size={760}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { paddingTop: 16 } }}
    >
      {record.isError || draft.isError ? (
        <Result status="warning" title="无法加载这条记录" subTitle={(record.error ?? draft.error)?.message} />
      ) : !initial ? (
        <Spin description="加载中…">
          <div style={{ height: 240 }} />
        </Spin>
      ) : (
        <EntityForm
          key={`${String(recordKey)}-${generation}`}
          config={config}
          recordKey={recordKey}
          initial={initial}
          saved={isNew ? null : (record.data ?? null)}
          draft={hasDraft ? (draft.data ?? null) : null}
          onClose={onClose}
          onRestored={restart}
        />
      )}
    </Drawer>
  )
}

function EntityForm({
  config,
  recordKey,
  initial,
  saved,
  draft,
  onClose,
  onRestored,
}: {
  config: EntityConfig
  recordKey: Key
  initial: SeedValues
  saved: Saved | null
  draft: Draft | null
  onClose: () => void
  onRestored: () => void
}) {
  const isNew = recordKey === 'new'
  // A live record's edits are kept as a draft of its next version unless staff choose to update it at once.
  const isLive = saved?.state === 'published' && (config.keyField ?? 'id') === 'id'
  const { message } = App.useApp()
  const [form] = Form.useForm<SeedValues>()
  const [serverError, setServerError] = useState<string | null>(null)
  const queryClient = useQueryClient()
  // Dirty when the record the form would send differs from the one it was opened with.
  const snapshot = (values: SeedValues) => JSON.stringify(seedPayload(config.kind, initial, values))
  const [isDirty, setDirty] = useState(false)
  const guard = useLeaveGuard(isDirty)
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
    mutationFn: ({ payload, asDraft }: { payload: SeedValues; asDraft: boolean }) =>
      adminAction<Saved>(`${config.word}${asDraft ? 'DraftSave' : 'Save'}`, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  })

  /** Saves the form: as the record itself, or (`asDraft`, a live record) as the draft of its next version. */
  const submit = async (asDraft = isLive) => {
    if (save.isPending) return
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
      await save.mutateAsync({ payload: isById ? { ...checked.record, id: initial.id } : checked.record, asDraft })
      const created = config.publishField ? `已创建${config.title}（草稿，尚未发布）` : `已创建${config.title}`
      void message.success(isNew ? created : asDraft ? '已存为草稿，线上内容未变' : isLive ? '已保存，线上已更新' : '已保存')
      guard.allowLeave()
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
  const submitRef = useRef(submit)
  useEffect(() => {
    submitRef.current = submit
  })
  // Ctrl/Cmd+S saves, as in an editor (and instead of the browser saving the page).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault()
        void submitRef.current()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  // Enter in a one-line field would submit the form: saving is the 保存 button's alone. Multi-line
  // fields (textarea, rich text) keep Enter as a new line.
  const keepEnter = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement
    if (event.key === 'Enter' && target.tagName === 'INPUT') event.preventDefault()
  }
  const fields = config.fields.filter((field) => field.name !== config.publishField)

  return (
    <div onKeyDown={keepEnter}>
      {guard.dialog}
      {draft && <DraftBanner config={config} draft={draft} isDirty={isDirty} onSettled={onRestored} />}
      {serverError && <Alert type="error" showIcon title="保存失败" description={serverError} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={() => setDirty(snapshot(form.getFieldsValue(true) as SeedValues) !== snapshot(initial))}
        onFinish={() => undefined}
        requiredMark={false}
        scrollToFirstError
      >
        <Row gutter={16}>{fields.filter((field) => !field.group).map((field) => fieldItem(config, field))}</Row>
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
                <>
                  <Row gutter={16}>{fields.filter((field) => field.group === group).map((field) => fieldItem(config, field))}</Row>
                  {group === SEO_GROUP && <SearchResultPreview config={config} />}
                </>
              ),
            }))}
          />
        )}
        <div className="adm-form-footer">
          <div className="adm-form-footer-lifecycle">
            {saved && config.publishField && (config.keyField ?? 'id') === 'id' && (
              <RecordLifecycleActions config={config} row={saved} isDirty={isDirty} onRestored={onRestored} />
            )}
          </div>
          <Space>
            {isDirty && <span className="adm-unsaved">有未保存的修改</span>}
            <Button onClick={onClose}>取消</Button>
            {isLive && !draft && (
              <Popconfirm
                title="直接更新线上内容？"
                description="访客将立即看到这些修改。想先预览或交给发布员，请选择“存为草稿”。"
                okText="更新线上"
                cancelText="取消"
                onConfirm={() => submit(false)}
              >
                <Button loading={save.isPending && !save.variables?.asDraft}>保存并更新线上</Button>
              </Popconfirm>
            )}
            <Tooltip title="Ctrl+S">
              <Button type="primary" loading={save.isPending && (!isLive || save.variables?.asDraft)} onClick={() => void submit()}>
                {isLive ? (draft ? '保存草稿' : '存为草稿') : '保存'}
              </Button>
            </Tooltip>
          </Space>
        </div>
      </Form>
    </div>
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
