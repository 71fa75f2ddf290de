// What the other features use of the member feature: the session, the way to the login page and the
// navigation's query key. The follow and collect buttons of the public detail pages import this file,
// so nothing here may import CSS or common/rules (with zod): those pages would ship it too.
export { memberKeys } from './api/keys'
export { getUserInfo } from './api/get-user-info'
export { useSession } from './hooks/use-session'
export { loginPath } from './lib/redirect'
export { useVideoResume } from './hooks/use-video-resume'
export { WatchedVideo } from './components/video/watched-video'
