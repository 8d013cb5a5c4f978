import { chromium, type Browser } from 'playwright-core';

/**
 * The flags of the project's headless Chromium (those of playwright.config.ts and
 * first-load-js.ts), plus autoplay without a user gesture so the player benchmark may start the
 * audio from a script. Media plays in headless Chromium through its null audio sink: the clock
 * advances in real time without a sound device.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

/** Launches the system Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium), bounded in time. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
}
