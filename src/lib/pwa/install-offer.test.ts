import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type InstallModule = typeof import('./install') & typeof import('./install-offer');

/** A fresh module (its state is the page's) on a window that can fire the browser's install event. */
async function load(): Promise<{ install: InstallModule; offer: () => Event & { prompt: ReturnType<typeof vi.fn> } }> {
  vi.resetModules();
  const win = new EventTarget();
  vi.stubGlobal('window', win);
  const install = { ...(await import('./install')), ...(await import('./install-offer')) };
  install.captureInstallPrompt();
  const offer = () => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
    });
    win.dispatchEvent(event);
    return event;
  };
  return { install, offer };
}

describe('the install offer (issue 19: not on the sign-in page, not while a screen loads)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is not offered where no cabinet screen has let it in (the sign-in pages), even when the browser offers it', async () => {
    const { install, offer } = await load();
    const event = offer();
    expect(event.defaultPrevented).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(install.installOffered()).toBe(false);
  });

  it('joins a cabinet screen once the person has stayed on it, and leaves with it', async () => {
    const { install, offer } = await load();
    offer();
    const stop = install.allowInstallOffer();
    await vi.advanceTimersByTimeAsync(install.INSTALL_OFFER_AFTER_MS - 100);
    expect(install.installOffered()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(install.installOffered()).toBe(true);
    stop();
    expect(install.installOffered()).toBe(false);
  });

  it('a screen left before the delay never lets it in; the browser not offering keeps it out', async () => {
    const { install, offer } = await load();
    offer();
    install.allowInstallOffer()();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(install.installOffered()).toBe(false);

    const second = await load();
    second.install.allowInstallOffer();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(second.install.installOffered()).toBe(false);
    second.offer();
    expect(second.install.installOffered()).toBe(true);
  });

  it('is used once: after the prompt it is gone until the browser offers again', async () => {
    const { install, offer } = await load();
    const event = offer();
    install.allowInstallOffer();
    await vi.advanceTimersByTimeAsync(install.INSTALL_OFFER_AFTER_MS + 100);
    install.promptInstall();
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(install.installOffered()).toBe(false);
    install.promptInstall();
    expect(event.prompt).toHaveBeenCalledTimes(1);
  });
});
