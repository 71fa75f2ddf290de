// `npm run admin -- <command>`: staff accounts without SQL, for the first admin or a lost password.
//   create --phone 13900000000 --nickname 平台管理员 [--password …]
//   reset-password --phone 13900000000 [--password …]
//   grant --phone 13900000000 --role admin|editor|publisher|reviewer|sales|member
//   setup-link   (a new first-admin setup link while no admin exists; earlier links stop working)
// Without --password a strong one is generated and printed once. Reset signs the member out everywhere.
// The commands are in admin-command.ts.
import { run, USAGE } from './admin-command'
import { runCommand } from './command'

// runCommand ends the process when done, which closes the database too.
runCommand(
  async () => {
    for (const line of await run(process.argv.slice(2))) console.log(line)
  },
  { usage: USAGE },
)
