export type AboutKey = 'intro' | 'terms' | 'privacy' | 'statement' | 'contact' | 'service'
export type AboutPage = { key: AboutKey; title: string; content: string; version: string; updatedAt: string }
export type Partner = { id: number; name: string; logo: string; link: string }
