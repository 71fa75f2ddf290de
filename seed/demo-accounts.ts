// Demo credentials, printed on start and named in README.md. Change them for a real deployment.
export const DEMO_MEMBER = { phone: '13800138000', password: 'mingshi2026', nickname: '演示会员' } as const
export const DEMO_ADMIN = { phone: '13900139000', password: 'admin2026ms', nickname: '平台管理员' } as const
