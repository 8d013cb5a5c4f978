/**
 * `npm run admin -- grant <email>` makes an existing account an administrator;
 * `npm run admin -- revoke <email>` makes it a plain user again.
 * Works against DATABASE_URL, or the embedded database of DATA_DIR (running or not).
 */
import { createRepositories } from '#server/app-context';
import { loadConfig } from '#server/config/env';
import { openDatabaseForScript } from '#server/db/script-connection';

const [command, rawEmail] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !rawEmail) {
  console.error('usage: npm run admin -- grant <email> | revoke <email>');
  process.exit(2);
}
const email = rawEmail.trim().toLowerCase();
const { database, close } = await openDatabaseForScript(loadConfig());
try {
  const { accounts } = createRepositories(database.db);
  const userId = await accounts.findUserIdByEmail(email);
  if (!userId) {
    console.error(`No account with the email ${email}. Sign up first, then run this again.`);
    process.exitCode = 1;
  } else {
    await accounts.setRole(userId, command === 'grant' ? 'admin' : 'user');
    console.log(`${email} is now ${command === 'grant' ? 'an administrator' : 'a user'}.`);
  }
} finally {
  await close();
}
