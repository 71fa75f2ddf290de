/** One of the five fixed cooperation types (ids 1-5). */
export type CooperationType = { id: number; name: string; intro: string; cover_img: string }
export type CooperationTypeDetail = CooperationType & { content: string }

export type CooperationSummary = { id: number; title: string; cover_img: string; intro: string; views: number }
export type CooperationDetail = CooperationSummary & { content: string; createdAt: string; type: { id: number; name: string } }
