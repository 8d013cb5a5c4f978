import type { AppConfig } from './config/env.ts';
import type { DatabaseConnection } from './db/client.ts';
import type { ObjectStorage } from './lib/storage/storage.ts';
import { createStoriesService } from './modules/stories/stories.service.ts';

/** Everything a route needs, built once per app. */
export interface AppContext {
  config: AppConfig;
  database: DatabaseConnection;
  storage: ObjectStorage;
  services: ReturnType<typeof createServices>;
}

export function createServices(database: DatabaseConnection) {
  return {
    stories: createStoriesService(database.db),
  };
}
