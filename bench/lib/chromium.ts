import { chromium, type Browser } from 'playwright-core';
import {
  AUTOPLAY_ARG,
  CHROMIUM_ARGS as PROJECT_CHROMIUM_ARGS,
  chromiumExecutable,
} from '../../scripts/chromium-flags.ts';

/** The project's headless Chromium, with autoplay so the player benchmark may start the audio from a
 * script. Media plays in headless Chromium through its null audio sink: the clock advances in real
 * time without a sound device. */
export const CHROMIUM_ARGS = [...PROJECT_CHROMIUM_ARGS, AUTOPLAY_ARG];

/** Launches the system Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium), bounded in time. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
}
