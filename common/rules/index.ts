// Field rules shared by the API schemas (server) and the forms (client). Pure modules: zod only.
export * from './contribution-kind'
export * from './nickname'
export * from './password'
export * from './phone'
export * from './sms-code'
export * from './submission-status'
