import { describe, expect, it, vi } from 'vitest';
import { SKIP_WAITING } from '#shared/offline/service-worker-messages';
import {
  registerServiceWorker,
  SERVICE_WORKER_URL,
  UPDATE_CHECK_INTERVAL_MS,
  type ServiceWorkerEnvironment,
} from './register-service-worker';

/** A worker whose state the test moves on. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  readonly update = vi.fn(() => Promise.resolve());
  /** The browser found a new /sw.js. */
  found(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
}

function setUp({ controlled, waiting = false }: { controlled: boolean; waiting?: boolean }) {
  const registration = new FakeRegistration();
  if (waiting) {
    registration.waiting = new FakeWorker();
    registration.waiting.state = 'installed';
  }
  const events = new EventTarget();
  const container = {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(() => Promise.resolve(registration as unknown as ServiceWorkerRegistration)),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  };
  const offers: (() => void)[] = [];
  let visible: (() => void) | undefined;
  let tick: (() => void) | undefined;
  const env: ServiceWorkerEnvironment = {
    container: container as unknown as ServiceWorkerEnvironment['container'],
    reload: vi.fn(),
    offerUpdate: (accept) => offers.push(accept),
    onVisible: (check) => {
      visible = check;
      return () => undefined;
    },
    setInterval: (callback, ms) => {
      expect(ms).toBe(UPDATE_CHECK_INTERVAL_MS);
      tick = callback;
    },
    onFirstControl: vi.fn(),
  };
  const controllerChanges = () => events.dispatchEvent(new Event('controllerchange'));
  return {
    registration,
    container,
    env,
    offers,
    controllerChanges,
    becomeVisible: () => visible?.(),
    tick: () => tick?.(),
  };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site, its script never taken from the HTTP cache', async () => {
    const { container, env } = setUp({ controlled: false });
    await registerServiceWorker(env);
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, {
      scope: '/',
      updateViaCache: 'none',
    });
  });

  it('leaves the page running online when the browser blocks workers (no registration answered)', async () => {
    const { container, env, offers } = setUp({ controlled: false });
    container.register.mockImplementation(() =>
      Promise.resolve(undefined as unknown as ServiceWorkerRegistration),
    );
    await expect(registerServiceWorker(env)).resolves.toBeUndefined();
    expect(offers).toHaveLength(0);
  });

  it('offers nothing and does not reload when the first worker installs and takes the page', async () => {
    const { env, registration, offers, controllerChanges } = setUp({ controlled: false });
    await registerServiceWorker(env);
    registration.found().moveTo('installed');
    controllerChanges();
    expect(offers).toHaveLength(0);
    expect(env.reload).not.toHaveBeenCalled();
    // The session answer is asked for again, under the worker, which keeps it.
    expect(env.onFirstControl).toHaveBeenCalledTimes(1);
  });

  it('offers a new version once installed; Reload asks it to take over, then the page reloads once', async () => {
    const { env, registration, offers, controllerChanges } = setUp({ controlled: true });
    await registerServiceWorker(env);
    const next = registration.found();
    expect(offers).toHaveLength(0);
    next.moveTo('installed');
    expect(offers).toHaveLength(1);
    expect(next.postMessage).not.toHaveBeenCalled();

    offers[0]!();
    expect(next.postMessage).toHaveBeenCalledWith(SKIP_WAITING);
    controllerChanges();
    controllerChanges();
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(env.onFirstControl).not.toHaveBeenCalled();
  });

  it('offers a version that was already waiting when the page opened', async () => {
    const { env, registration, offers } = setUp({ controlled: true, waiting: true });
    await registerServiceWorker(env);
    expect(offers).toHaveLength(1);
    offers[0]!();
    expect(registration.waiting!.postMessage).toHaveBeenCalledWith(SKIP_WAITING);
  });

  it('looks for a new version every hour and when the tab comes back into view', async () => {
    const { env, registration, tick, becomeVisible } = setUp({ controlled: true });
    await registerServiceWorker(env);
    expect(registration.update).not.toHaveBeenCalled();
    tick();
    becomeVisible();
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('a failed check (offline) is not an error', async () => {
    const { env, registration, tick } = setUp({ controlled: true });
    await registerServiceWorker(env);
    registration.update.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    tick();
    await Promise.resolve();
    expect(registration.update).toHaveBeenCalledTimes(1);
  });
});
