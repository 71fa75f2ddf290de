import { EmptyState, ErrorState, PageSpinner } from '../../../components/ui/states'
import { mediaUrl } from '../../../lib/api-client'
import { showToast } from '../../../lib/toast'
import { teacherPreferenceKey, SMS_ACCOUNT_PREFERENCE } from '../../../../../common/notifications'
import { useNotificationPreferences, useSaveNotificationPreferences, type PreferenceChange } from '../api/notification-preferences'

function Switch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string
  hint?: string
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <label className={`notice-switch${disabled ? ' is-disabled' : ''}`}>
      <span className="notice-switch__text">
        <span className="notice-switch__label">{label}</span>
        {hint && <span className="notice-switch__hint">{hint}</span>}
      </span>
      <input type="checkbox" role="switch" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <span className="notice-switch__track" aria-hidden="true" />
    </label>
  )
}

/** 通知设置: each kind of notice, each followed teacher's updates, and account notices by SMS. Each switch saves at once. */
export function NotificationSettings() {
  const query = useNotificationPreferences()
  const save = useSaveNotificationPreferences()
  const change = (item: PreferenceChange) => save.mutate([item], { onSuccess: () => showToast('通知设置已保存', 'success') })

  if (query.isPending) return <PageSpinner />
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
  const { kinds, teachers, smsAccount, smsAvailable } = query.data
  const isFollowOn = kinds.find((kind) => kind.kind === 'follow')?.enabled ?? true
  return (
    <div className="notice-settings" aria-busy={save.isPending || undefined}>
      <section aria-labelledby="notice-kinds">
        <h3 id="notice-kinds">接收的通知</h3>
        <div className="notice-settings__group">
          {kinds.map((kind) => (
            <Switch
              key={kind.kind}
              label={kind.label}
              hint={kind.hint}
              checked={kind.enabled}
              disabled={save.isPending}
              onChange={(enabled) => change({ key: kind.kind, enabled })}
            />
          ))}
        </div>
      </section>
      <section aria-labelledby="notice-teachers">
        <h3 id="notice-teachers">关注名师的动态</h3>
        {teachers.length === 0 ? (
          <EmptyState text="您还没有关注名师" />
        ) : (
          <div className="notice-settings__group">
            {!isFollowOn && <p className="notice-settings__note">“关注动态”已关闭，以下名师的动态都不会通知您。</p>}
            {teachers.map((teacher) => (
              <div key={teacher.teacherId} className="notice-settings__teacher">
                <span className="notice-settings__photo" aria-hidden="true">
                  {teacher.photo ? <img src={mediaUrl(teacher.photo)} alt="" /> : teacher.name.slice(0, 1)}
                </span>
                <Switch
                  label={teacher.name}
                  checked={teacher.enabled}
                  disabled={save.isPending || !isFollowOn}
                  onChange={(enabled) => change({ key: teacherPreferenceKey(teacher.teacherId), enabled })}
                />
              </div>
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="notice-sms">
        <h3 id="notice-sms">短信提醒</h3>
        <div className="notice-settings__group">
          <Switch
            label="账号安全短信提醒"
            hint={smsAvailable ? '密码修改、在新设备登录时，同时发送短信到您的手机（计入每日短信上限）' : '站点未开通短信通知'}
            checked={smsAccount && smsAvailable}
            disabled={save.isPending || !smsAvailable}
            onChange={(enabled) => change({ key: SMS_ACCOUNT_PREFERENCE, enabled })}
          />
        </div>
      </section>
    </div>
  )
}
