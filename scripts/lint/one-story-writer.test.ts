import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { oneStoryWriter } from './one-story-writer.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const schema = "import { chapters, stories, fileUploads } from '../../db/schema.ts';\n";
const refused = (code: string) => ({ code: schema + code, errors: [{ messageId: 'elsewhere' }] });

tester.run('one-story-writer', oneStoryWriter, {
  valid: [
    // Reads and row locks of the tables stay free.
    schema + 'db.select().from(stories).where(eq(stories.id, id)).for("update");',
    schema + 'db.select({ id: chapters.id }).from(chapters);',
    // Other tables are written anywhere their repository lives.
    schema + 'db.update(fileUploads).set({ metadata });',
    schema + 'db.execute(sql`delete from transcript_versions where file_key = ${key}`);',
    schema + 'db.execute(sql`select * from ${stories} s join ${chapters} c on c.story_id = s.id`);',
    // A variable of the same name that is not the schema's table.
    'const stories = new Map(); stories.delete(chapters);',
    // A text, not a statement.
    'const text = `Could not update stories`;',
  ],
  invalid: [
    refused('db.insert(stories).values(values);'),
    refused('db.update(chapters).set({ title });'),
    refused('db.delete(chapters).where(inArray(chapters.id, ids));'),
    refused('tx.update(stories).set({ position });'),
    {
      code:
        "import { stories as storyTable } from '../db/schema';\n" +
        'db.update(storyTable).set({ title });',
      errors: [{ messageId: 'elsewhere' }],
    },
    refused('db.execute(sql`update stories s set image_url = null from file_uploads fu`);'),
    refused('db.execute(sql`update ${chapters} as c set position = ordered.n`);'),
    refused('db.execute(sql`insert into chapters (title) values (${title})`);'),
    refused('db.execute(sql`DELETE FROM "stories" where id = ${id}`);'),
    refused("db.execute('update chapters set duration = 0');"),
  ],
});
