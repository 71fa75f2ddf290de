import { defineAction } from '../../../lib/action'
import { emptySchema, idSchema } from '../../../lib/schemas'
import { deleteAlertChannel, listAlertChannels, saveAlertChannel, testAlertChannel } from '../../alert/alert-channel.service'
import { alertChannelSaveSchema } from '../../alert/alert.schemas'
import { actorOf, adminsOnly } from '../people/staff-access'

const access = adminsOnly('仅管理员可以管理告警通知')

export const alertChannelActions = [
  defineAction({
    group: 'Admin',
    name: 'alertChannelList',
    summary: '告警通道列表（企业微信、钉钉、飞书、JSON Webhook）：事件、启用、最近发送与最近错误；地址和密钥只显示掩码',
    input: emptySchema,
    access,
    handler: () => listAlertChannels(),
    example: {},
  }),
  defineAction({
    group: 'Admin',
    name: 'alertChannelSave',
    summary: '添加（无 id）或修改（有 id）告警通道；修改时不传 url、secret 则保留原值，secret 传空字符串则移除签名',
    input: alertChannelSaveSchema,
    access,
    handler: (input, ctx) => saveAlertChannel(input, actorOf(ctx, 'alertChannelSave')),
    example: {
      name: '审核群机器人',
      provider: 'dingtalk',
      url: 'https://oapi.dingtalk.com/robot/send?access_token=0123456789abcdef0123456789abcdef',
      secret: 'SEC0123456789abcdef',
      events: ['contribution', 'video'],
      enabled: true,
    },
  }),
  defineAction({
    group: 'Admin',
    name: 'alertChannelDelete',
    summary: '删除告警通道（已排队的推送随之跳过）',
    input: idSchema,
    access,
    handler: (input, ctx) => deleteAlertChannel(input.id, actorOf(ctx, 'alertChannelDelete')),
    example: { id: 1 },
  }),
  defineAction({
    group: 'Admin',
    name: 'alertChannelTest',
    summary: '立即向告警通道发送一条测试消息，返回机器人的答复（成功或失败原因）',
    input: idSchema,
    access,
    handler: (input) => testAlertChannel(input.id),
    example: { id: 1 },
  }),
]
