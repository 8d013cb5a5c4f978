/**
 * Once the server has deleted the account (decision 062), nothing of it stays on this device: its
 * downloads (open stories too), the personal caches, and what it left waiting to be sent. Loaded
 * only then; never rejects, so leaving the deleted account goes on whatever the storage does.
 */
export async function forgetDeletedAccount(userId: string): Promise<void> {
  await Promise.all([
    import('#client/lib/offline/download-manager')
      .then((offline) => offline.clearDeletedAccountData(userId))
      .catch(() => undefined),
    import('#client/lib/sync/sync-engines')
      .then((sync) => sync.discardAccountEntries(userId))
      .catch(() => undefined),
  ]);
}
