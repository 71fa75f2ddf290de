// What a new staff member sees first: the password an admin chose (and saw) is replaced by one only
// they know before the console opens. The server refuses every staff action until then.
import { LockOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Form, Input, Typography } from 'antd'
import { PASSWORD_HINT, PASSWORD_MISMATCH, passwordProblem } from '../../../../common/rules/password'
import { useSavePass } from '../../features/member/api/save-pass'

type Values = { oldPassword: string; password: string; confirmPassword: string }

export function FirstPasswordForm({ nickname, onChanged }: { nickname: string; onChanged: () => void }) {
  const [form] = Form.useForm<Values>()
  const save = useSavePass()

  const submit = (values: Values) =>
    save.mutate(values, {
      // The console opening is the confirmation.
      onSuccess: onChanged,
      onError: (error) => {
        const field = error.message.includes('原密码') ? 'oldPassword' : error.message.includes('新密码') ? 'password' : null
        if (field) form.setFields([{ name: field, errors: [error.message] }])
      },
    })

  return (
    <div
      style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, background: '#f0f2f5' }}
    >
      <Card style={{ maxWidth: 440, width: '100%' }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          <LockOutlined /> 请先设置您的密码
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {nickname ? `${nickname}，` : ''}您的账号由管理员创建，初始密码管理员也知道。设置一个只有您知道的新密码后，即可使用管理后台。
        </Typography.Paragraph>
        {save.isError && !/原密码|新密码/.test(save.error.message) && (
          <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 16 }} />
        )}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item name="oldPassword" label="初始密码" rules={[{ required: true, message: '请输入管理员给您的初始密码' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="password"
            label="新密码"
            extra={PASSWORD_HINT}
            rules={[
              { required: true, message: '请输入新密码' },
              {
                validator: (_rule, value: string) => {
                  const problem = value ? passwordProblem(value) : null
                  if (problem) return Promise.reject(new Error(problem))
                  if (value && value === form.getFieldValue('oldPassword')) return Promise.reject(new Error('新密码不能与初始密码相同'))
                  return Promise.resolve()
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label="确认新密码"
            dependencies={['password']}
            rules={[
              { required: true, message: '请再次输入新密码' },
              {
                validator: (_rule, value: string) =>
                  !value || value === form.getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(PASSWORD_MISMATCH)),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={save.isPending}>
            设置新密码并进入后台
          </Button>
        </Form>
      </Card>
    </div>
  )
}
