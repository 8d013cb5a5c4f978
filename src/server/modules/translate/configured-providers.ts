import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/env.ts';
import { findApertium } from './apertium/apertium-install.ts';
import {
  apertiumProvider,
  deeplProvider,
  libreTranslateProvider,
  type TranslationProvider,
} from './providers.ts';

export interface ConfiguredProviders {
  /** In the order they are asked. */
  providers: TranslationProvider[];
  /** Why a service that could serve does not (Apertium not installed, switched off). */
  notes: string[];
}

/**
 * The machine-translation services the environment configures, in the order they are asked
 * (decision 044): Apertium when its package is on the machine (TRANSLATE_APERTIUM=auto) or
 * required (true: the start fails without it), LibreTranslate, DeepL.
 */
export function configuredProviders(
  settings: AppConfig['translation'],
  log: Pick<FastifyBaseLogger, 'info'>,
  searchPath = process.env.PATH ?? '',
): ConfiguredProviders {
  const providers: TranslationProvider[] = [];
  const notes: string[] = [];
  if (settings.apertium === 'off') {
    notes.push('Apertium is switched off (TRANSLATE_APERTIUM=false)');
  } else {
    const apertium = findApertium(searchPath);
    if (apertium.found) {
      providers.push(
        apertiumProvider(apertium.install, {
          // Its process starting, exiting or killed (a time-out): never the text.
          onEvent: (event) => log.info({ apertium: event }, `Apertium translator ${event.type}`),
        }),
      );
    } else if (settings.apertium === 'on') {
      throw new Error(`TRANSLATE_APERTIUM=true, but ${apertium.reason}`);
    } else {
      notes.push(`Apertium is not used: ${apertium.reason}`);
    }
  }
  if (settings.libreTranslateUrl) {
    providers.push(
      libreTranslateProvider(settings.libreTranslateUrl, settings.libreTranslateApiKey),
    );
  }
  if (settings.deeplApiKey) {
    providers.push(deeplProvider(settings.deeplApiKey, settings.deeplApiUrl));
  }
  return { providers, notes };
}
