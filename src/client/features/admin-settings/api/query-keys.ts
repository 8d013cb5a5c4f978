/** Under ['admin', …]: dropped at sign-in and sign-out like the user's own data. */
export const settingsQueryKeys = {
  logo: ['admin', 'settings', 'logo'] as const,
  platform: ['admin', 'settings', 'platform'] as const,
  support: ['admin', 'settings', 'support'] as const,
  paymentServices: ['admin', 'settings', 'payment-services'] as const,
};

/**
 * Keys other features own, written here only by literal (features never import each other): the
 * header logo reads ['site', 'settings']; the home page's support section reads ['support', …].
 */
export const siteSettingsQueryKey = ['site', 'settings'] as const;
export const supportQueryRoot = ['support'] as const;
