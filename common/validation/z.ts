// zod for the shared rules and schemas, with the Chinese messages installed on first import: the
// browser loads zod only with a module that validates (forms, the user centre, the console), never
// on a page that merely reads, yet every such module has the messages before its first parse.
import { z } from 'zod'
import { installChineseZodMessages } from './zod-messages'

installChineseZodMessages()

export { z }
