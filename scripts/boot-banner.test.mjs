// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { BANNER } from './boot-preload.mjs';

/** boot.js's banner step, as it runs on the early call's answer. */
const draw = new Function(`return ${BANNER}`)();

const SEEDED = 'Плановые технические работы на портале: 30 ноября с 22:00 до 23:59 (МСК).';

/** Hands the step an answer and waits for it to have read it; returns the banner drawn in the frame, if any. */
async function answer(data, { ok = true } = {}) {
  draw({ ok, clone: () => ({ json: () => Promise.resolve(data) }) });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return document.querySelector('.boot-banner');
}

describe('boot.js draws the service message into the frame (scripts/boot-preload.mjs BANNER)', () => {
  beforeEach(() => {
    localStorage.clear();
    window.__cabinetBoot = {};
    document.documentElement.setAttribute('data-boot', 'cabinet');
    document.body.innerHTML =
      '<div id="root"><div class="boot boot-cabinet"><div class="boot-main"><div class="boot-header"></div></div></div></div>';
  });

  it('under the header, with the text trimmed as the app shows it, and hands it to the app', async () => {
    const banner = await answer({ switch: 1, message: `  ${SEEDED}\n` });
    expect(banner?.parentElement?.className).toBe('boot-main');
    expect(banner?.previousElementSibling?.className).toBe('boot-header');
    expect(banner?.querySelector('p')?.textContent).toBe(SEEDED);
    expect(window.__cabinetBoot.banner).toBe(banner);
  });

  it('none for a message switched off, an empty one or a refused call (the app\'s bannerText)', async () => {
    expect(await answer({ switch: 0, message: SEEDED })).toBeNull();
    expect(await answer({ switch: 1, message: '   ' })).toBeNull();
    expect(await answer({ switch: 1, message: null })).toBeNull();
    expect(await answer({ switch: 1, message: SEEDED }, { ok: false })).toBeNull();
  });

  it('none for the message this device hid; a different one is drawn', async () => {
    localStorage.setItem('service_message_hidden', SEEDED);
    expect(await answer({ switch: 1, message: SEEDED })).toBeNull();
    expect(await answer({ switch: 1, message: `${SEEDED} Обновлено.` })).not.toBeNull();
  });

  it('none while an administrator is logged in as another user (the app draws its bar above the banner)', async () => {
    localStorage.setItem('admin_session_backup', JSON.stringify({ token: 'admin' }));
    expect(await answer({ switch: 1, message: SEEDED })).toBeNull();
  });

  it('none over a kept picture of the screen, and none once the shell has replaced the frame', async () => {
    document.documentElement.setAttribute('data-boot', 'snapshot');
    expect(await answer({ switch: 1, message: SEEDED })).toBeNull();
    document.documentElement.setAttribute('data-boot', 'cabinet');
    document.body.innerHTML = '<div id="root"><div class="cab-shell"></div></div>';
    expect(await answer({ switch: 1, message: SEEDED })).toBeNull();
  });

  it("into the app's own cabinet frame when that one is up already, without handing it over again", async () => {
    document.body.innerHTML = '<div id="root"><div class="boot-cabinet"><div class="boot-main"><div class="boot-header"></div></div></div></div>';
    expect(await answer({ switch: 1, message: SEEDED })).not.toBeNull();
    expect(window.__cabinetBoot.banner).toBeUndefined();
  });
});
