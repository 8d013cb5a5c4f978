import {
  isTrackingDisabledHost,
  planTrackingTags,
  TRACKING_DISABLED_MESSAGE,
  type TrackingScriptPlan,
  type TrackingTagInput,
} from '#shared/discover/tracking';

/** Marks every element a tag injected (which tag put it there). */
export const TRACKING_ATTRIBUTE = 'data-tracking-tag';

type Queue = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue?: unknown[];
  push?: unknown;
  loaded?: boolean;
  version?: string;
};

interface TrackingWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: Queue;
  _fbq?: Queue;
}

/**
 * The page-side half of each provider's standard snippet, run from our own bundle so no inline
 * script is needed (the CSP admits only the hashes of custom tags).
 */
function bootstrapProvider(provider: NonNullable<TrackingScriptPlan['provider']>, win: Window) {
  const w = win as unknown as TrackingWindow;
  if (provider.type === 'gtm') {
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    return;
  }
  if (provider.type === 'ga4') {
    w.dataLayer = w.dataLayer ?? [];
    if (!w.gtag) {
      // gtag.js reads Arguments objects from the data layer, not arrays.
      w.gtag = function gtag() {
        // eslint-disable-next-line prefer-rest-params
        w.dataLayer!.push(arguments);
      };
    }
    w.gtag('js', new Date());
    w.gtag('config', provider.id);
    return;
  }
  if (!w.fbq) {
    const queue: unknown[] = [];
    const fbq: Queue = Object.assign(
      (...args: unknown[]) => {
        if (fbq.callMethod) fbq.callMethod(...args);
        else queue.push(args);
      },
      { queue, loaded: true, version: '2.0' },
    );
    fbq.push = fbq;
    w.fbq = fbq;
    if (!w._fbq) w._fbq = fbq;
  }
  w.fbq('init', provider.id);
  w.fbq('track', 'PageView');
}

/** Tags injected into each document (their elements also carry TRACKING_ATTRIBUTE). */
const injectedTags = new WeakMap<Document, Set<string>>();

/**
 * Puts one tag's scripts into the head or the body, in the snippet's order. Returns false when
 * the tag is already in the page. External scripts already present (another tag with the same
 * source) are not added twice.
 */
export function injectTrackingPlan(
  plan: TrackingScriptPlan,
  doc: Document = document,
  win: Window = window,
): boolean {
  const injected = injectedTags.get(doc) ?? new Set<string>();
  injectedTags.set(doc, injected);
  if (injected.has(plan.tagId)) return false;
  injected.add(plan.tagId);
  for (const source of plan.blocked) {
    console.warn(`Tracking script blocked: only https sources are allowed (${source})`);
  }
  const target = plan.position === 'head' ? doc.head : doc.body;
  if (plan.provider) bootstrapProvider(plan.provider, win);
  for (const planned of plan.scripts) {
    if (planned.kind === 'external') {
      const present = [...doc.scripts].some((script) => script.src === planned.src);
      if (present) continue;
      const script = doc.createElement('script');
      for (const [name, value] of Object.entries(planned.attributes)) {
        script.setAttribute(name, value);
      }
      script.async = true;
      script.src = planned.src;
      script.setAttribute(TRACKING_ATTRIBUTE, plan.tagId);
      target.appendChild(script);
    } else {
      const script = doc.createElement('script');
      // Exactly the planned text: the server's CSP admits it by the hash of this string.
      script.textContent = planned.code;
      script.setAttribute(TRACKING_ATTRIBUTE, plan.tagId);
      target.appendChild(script);
    }
  }
  return true;
}

/**
 * Injects every tag that yields something, in order; nothing at all on localhost. One tag that
 * fails to go in (a provider bootstrap clashing with the page) is reported and the others still
 * go in: the page never fails because of a stored tag.
 */
export function injectTrackingTags(
  tags: readonly TrackingTagInput[],
  { doc = document, win = window }: { doc?: Document; win?: Window } = {},
): number {
  if (isTrackingDisabledHost(win.location.hostname)) {
    console.info(TRACKING_DISABLED_MESSAGE);
    return 0;
  }
  let injected = 0;
  for (const plan of planTrackingTags(tags)) {
    try {
      if (injectTrackingPlan(plan, doc, win)) injected += 1;
    } catch (error) {
      console.warn(`Tracking tag ${plan.tagId} could not be added to the page`, error);
    }
  }
  return injected;
}
