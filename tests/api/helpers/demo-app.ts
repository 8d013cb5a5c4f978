import { storyListResponseSchema, type Story } from '#shared/contracts/stories';
import { signedInUser } from './accounts.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;

/** A test app with the demo library seeded, two signed-in learners and the stories they see. */
export async function demoAppWithTwoLearners(): Promise<{
  t: TestApp;
  alice: SignedInUser;
  bob: SignedInUser;
  stories: Story[];
}> {
  const t = await createTestApp();
  await t.app.context.services.demoContent.seed();
  const alice = await signedInUser(t);
  const bob = await signedInUser(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/stories' });
  const stories = storyListResponseSchema.parse(res.json()).stories;
  return { t, alice, bob, stories };
}
