// What the other features use of the upload feature: file uploads (the profile's avatar, a
// contribution's attachments) and the teacher-video halves of the user centre's contribution tabs.
export { UPLOAD_RULES, uploadFile, uploadKindOf, uploadProblem } from './api/upload-file'
export { VideoForm } from './components/video-form'
export { VideoList } from './components/video-list'
export { VideoSubTabs } from './components/video-sub-tabs'
export type { Attachment, UploadKind, UploadResult } from './types'
