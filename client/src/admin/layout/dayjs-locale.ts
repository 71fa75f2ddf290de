// dayjs in Chinese for the console's date pickers and dates. Loaded with every page but the dashboard
// (admin-nav.tsx), which shows no dates, so the console's first load does without dayjs.
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'

dayjs.locale('zh-cn')
