/**
 * One home for the flags of the project's headless Chromium: the browser tests (playwright.config.ts
 * and the journeys that launch their own), the benches and Lighthouse.
 *
 * Chromium 156 opens two WebUI renderers of its own per window even when headless (the address
 * bar's popups, chrome://omnibox-popup.top-chrome/). Each spends 20-35 % of a core while a page
 * loads: on a 2-core machine that is CPU the page under test and the server no longer get. They
 * are switched off here. Chromium keeps only the last --disable-features, so the launcher's own
 * list is repeated with ours (see DISABLED_BY_PLAYWRIGHT and DISABLED_BY_CHROME_LAUNCHER).
 */

/** Chromium's own browser UI that no test or bench looks at. */
const UNSEEN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** playwright-core 1.65's chromiumSwitches disabledFeatures (server/chromium/chromiumSwitches.ts). */
export const DISABLED_BY_PLAYWRIGHT = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** chrome-launcher's DEFAULT_FLAGS --disable-features (what Lighthouse runs with). */
export const DISABLED_BY_CHROME_LAUNCHER = [
  'Translate',
  'OptimizationHints',
  'MediaRouter',
  'DialMediaRouteProvider',
  'CalculateNativeWinOcclusion',
  'InterestFeedContentSuggestions',
  'CertificateTransparencyComponentUpdater',
  'AutofillServerCommunication',
  'PrivacySandboxSettings4',
  'RenderDocument',
];

const disabledFeatures = (launcherDefaults: readonly string[]) =>
  `--disable-features=${[...launcherDefaults, ...UNSEEN_BROWSER_UI].join(',')}`;

const BASE_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Flags for a Chromium launched through Playwright. */
export const CHROMIUM_ARGS = [...BASE_FLAGS, disabledFeatures(DISABLED_BY_PLAYWRIGHT)];

/** Flags for a Chromium launched through chrome-launcher (Lighthouse). */
export const LIGHTHOUSE_CHROMIUM_ARGS = [
  ...BASE_FLAGS,
  disabledFeatures(DISABLED_BY_CHROME_LAUNCHER),
];

/** Media plays from a script without a user gesture (the player's journeys and benches). */
export const AUTOPLAY_ARG = '--autoplay-policy=no-user-gesture-required';

/** Debian's Chromium, which `npm test` installs when it is missing (ensure-system-tools.ts). */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** The Chromium to run: CHROMIUM_PATH when set, else Debian's. */
export const chromiumExecutable = () => process.env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;
