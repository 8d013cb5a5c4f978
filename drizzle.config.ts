import { defineConfig } from 'drizzle-kit';

// Only used by `npm run db:generate` to write SQL migrations from src/server/db/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
