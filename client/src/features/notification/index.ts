// What the other parts of the client use of the inbox: the top bar's bell and the user centre's 消息 tab.
export { NotificationBell } from './components/notification-bell'
export { NotificationInbox } from './components/notification-inbox'
