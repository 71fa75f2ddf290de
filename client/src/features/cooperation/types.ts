/** One of the five fixed cooperation types (ids 1-5). */
export type CooperationType = { id: number; name: string; intro: string; cover_img: string }
export type CooperationTypeDetail = CooperationType & { content: string }

export type CooperationEntry = { id: number; title: string; cover_img: string; intro: string; views: number }
export type CooperationEntryDetail = CooperationEntry & { content: string; createdAt: string; type: { id: number; name: string } }
