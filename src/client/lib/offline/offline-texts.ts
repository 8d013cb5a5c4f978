/**
 * What the app says about the connection (issue 15). Small on purpose: the first load's api-client
 * and header import it.
 */
export const offlineTexts = {
  /** The offline indicator under the header. */
  indicator: "You're offline — showing what is saved on this device",
  /** An action or a load that needs the server, asked for while offline (ApiError message). */
  needsConnection:
    "You're offline. This needs a connection — please try again when you're back online.",
  /** Added to a change's success toast when it was made offline and waits on the device (057). */
  keptUntilOnline: "kept on this device, it will be sent when you're back online",
  /** A request or a download that got no answer while the browser thinks it is online. */
  serverUnreachable: 'Could not reach the server. Check your connection and try again.',
  /** The lasting toast of a new version waiting (service worker update). */
  updateAvailable: 'New version available',
  updateReload: 'Reload',
} as const;
