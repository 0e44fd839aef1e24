import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_COOKIE } from '../../stores/tokenCookie';
import { FIRST_FRAME_ATTRIBUTE, firstFrameInput, firstFrameTemplateId, takeOverFirstFrame, watchFirstFrame } from './firstFrameHandOff';

/** index.html as the build writes it (vite.prerenderLogin.ts): the root, a template a language. */
function page() {
  document.body.innerHTML = `<div id="root"></div>${['zh-CN', 'en-US'].map((lang) => `<template id="${firstFrameTemplateId(lang)}">`
    + `<div class="login"><input name="username" data-lang="${lang}"><input name="password" type="password"></div></template>`).join('')}`;
}

/** The page's first script (firstFrameInline.ts) run as index.html runs it, once. */
async function runFirstScript() {
  vi.resetModules();
  await import('../../app/firstFrameInline');
}

const frame = () => document.querySelector(`#root > [${FIRST_FRAME_ATTRIBUTE}]`);

afterEach(() => {
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  localStorage.clear();
  window.location.hash = '';
  document.body.innerHTML = '';
  document.body.removeAttribute('arco-theme');
  document.body.removeAttribute('style');
});

describe('the login form\'s first frame (index.html\'s script)', () => {
  it('is shown without a session, in the stored language and theme, on login and on any guarded path', async () => {
    for (const path of ['#/login?redirect=%2Fhome', '#/system/permission/role', '']) {
      page();
      window.location.hash = path;
      localStorage.setItem('language', 'en-US');
      localStorage.setItem('settings', JSON.stringify({ customTheme: 'light' }));
      await runFirstScript();
      expect(frame()?.querySelector('input')?.dataset.lang, path).toBe('en-US');
      expect(document.body.getAttribute('arco-theme')).toBeNull();
      // The default theme colour's palette, as the console paints it.
      expect(document.body.style.getPropertyValue('--primary-6')).toBe('24,144,255');
    }
    page();
    localStorage.clear();
    await runFirstScript();
    expect(frame()?.querySelector('input')?.dataset.lang).toBe('zh-CN');
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
  });

  it('is not shown with a session, on the pages open without one, or where the root holds something', async () => {
    page();
    document.cookie = `${TOKEN_COOKIE}=tok-1; path=/`;
    window.location.hash = '#/login';
    await runFirstScript();
    expect(frame()).toBeNull();
    document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    for (const path of ['#/404', '#/401', '#/auth-redirect?code=1']) {
      page();
      window.location.hash = path;
      await runFirstScript();
      expect(frame(), path).toBeNull();
    }
    page();
    document.getElementById('root')!.innerHTML = '<p>rendered</p>';
    await runFirstScript();
    expect(frame()).toBeNull();
  });
});

describe('the login page taking the first frame over', () => {
  it('keeps what was typed and where the caret was until React removed the frame, then forgets it', async () => {
    page();
    await runFirstScript();
    watchFirstFrame();
    const user = frame()!.querySelector<HTMLInputElement>('input[name="username"]')!;
    const password = frame()!.querySelector<HTMLInputElement>('input[name="password"]')!;
    user.value = 'admin';
    user.dispatchEvent(new Event('input', { bubbles: true }));
    password.focus();
    password.value = 'Demo@20';
    password.setSelectionRange(2, 4);
    password.dispatchEvent(new Event('input', { bubbles: true }));
    // React's first commit replaces the root's content; the frame is gone, what was seen stays.
    document.getElementById('root')!.innerHTML = '<input id="u"><input id="p" type="password" value="Demo@20">';
    const seen = firstFrameInput();
    expect(seen).toEqual({ userName: 'admin', passWord: 'Demo@20', focus: { field: 'passWord', start: 2, end: 4 } });

    takeOverFirstFrame(seen, (field) => document.getElementById(field === 'userName' ? 'u' : 'p') as HTMLInputElement);
    const rendered = document.getElementById('p') as HTMLInputElement;
    expect(document.activeElement).toBe(rendered);
    expect([rendered.selectionStart, rendered.selectionEnd]).toEqual([2, 4]);
    expect(firstFrameInput()).toBeNull();
  });

  it('has nothing to take on a page without a first frame', () => {
    document.body.innerHTML = '<div id="root"><div class="login"></div></div>';
    watchFirstFrame();
    expect(firstFrameInput()).toBeNull();
  });
});
