import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rememberPalette } from '../app/themePalette';
import { TOKEN_COOKIE } from '../stores/tokenCookie';
import { loginFirstFrames } from './loginFirstFrame';
import { FIRST_FRAME_ATTRIBUTE, firstFrameTemplateId, readFirstFrame, restoreFirstFrameFocus } from './loginFirstFrameHandOff';

let frames: Record<string, string>;
beforeAll(() => {
  frames = loginFirstFrames();
});

/** index.html as the build writes it (build/prerenderLogin.ts): the root, and the login page's first render in a template a language. */
function page() {
  document.body.innerHTML = `<div id="root"></div>${Object.entries(frames).map(([lang, markup]) => `<template id="${firstFrameTemplateId(lang)}">${markup}</template>`).join('')}`;
}

/** The page's first script (firstFrameInline.ts) run as index.html runs it, once. */
async function runFirstScript() {
  vi.resetModules();
  await import('./firstFrameInline');
}

const frame = () => document.querySelector(`#root > [${FIRST_FRAME_ATTRIBUTE}]`);
const input = (name: string) => frame()?.querySelector<HTMLInputElement>(`input[name="${name}"]`) ?? null;
const submitText = () => frame()?.querySelector('[data-testid="login-submit"]')?.textContent;

afterEach(() => {
  document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  localStorage.clear();
  window.history.replaceState(null, '', '#');
  document.body.innerHTML = '';
  document.body.removeAttribute('arco-theme');
  document.body.removeAttribute('style');
});

describe('the login page\'s first render, as the build writes it', () => {
  it('is the form in each language, with a submit button that waits for the page\'s code', () => {
    page();
    const zh = document.getElementById(firstFrameTemplateId('zh-CN')) as HTMLTemplateElement;
    const en = document.getElementById(firstFrameTemplateId('en-US')) as HTMLTemplateElement;
    expect(zh.content.querySelector('[data-testid="login-submit"]')?.textContent).toBe('登 录');
    expect(en.content.querySelector('[data-testid="login-submit"]')?.textContent).toBe('Sign in');
    for (const t of [zh, en]) {
      // The element the page's first script marks as the frame: the page itself, nothing hoisted ahead of it.
      expect(t.content.firstElementChild?.className).toBe('login');
      expect(t.content.querySelector('input[name="username"][data-testid="login-user"]')).not.toBeNull();
      expect(t.content.querySelector('input[name="password"][type="password"]')).not.toBeNull();
      expect(t.content.querySelector<HTMLButtonElement>('[data-testid="login-submit"]')?.disabled).toBe(true);
      // The captcha's row keeps its place until the server says whether there is one.
      expect(t.content.querySelector<HTMLInputElement>('input[name="captcha"]')?.disabled).toBe(true);
    }
  });
});

describe('the login form\'s first frame (index.html\'s script)', () => {
  it('is shown on the login page without a session, in the stored language and theme', async () => {
    page();
    window.location.hash = '#/login';
    localStorage.setItem('language', 'en-US');
    localStorage.setItem('settings', JSON.stringify({ customTheme: 'light' }));
    await runFirstScript();
    expect(submitText()).toBe('Sign in');
    expect(document.documentElement.lang).toBe('en-US');
    expect(document.body.getAttribute('arco-theme')).toBeNull();
    // The default theme colour's palette, as the console paints it: made readable (readablePalette.ts), its sixth step the seventh.
    expect(document.body.style.getPropertyValue('--primary-6')).toBe('15,109,210');
    expect(window.location.hash).toBe('#/login');

    page();
    localStorage.clear();
    await runFirstScript();
    expect(submitText()).toBe('登 录');
    expect(document.body.getAttribute('arco-theme')).toBe('dark');
  });

  it('on a guarded path, puts the address on login with the way back first, as the route guard would', async () => {
    for (const [from, to] of [['#/system/permission/role?tab=2', '#/login?redirect=%2Fsystem%2Fpermission%2Frole%3Ftab%3D2'], ['', '#/login?redirect=%2F']]) {
      page();
      window.history.replaceState(null, '', from || '#');
      await runFirstScript();
      expect(frame(), from).not.toBeNull();
      expect(window.location.hash).toBe(to);
    }
  });

  it('paints a theme colour the console generated before on this browser, and none it has not seen', async () => {
    localStorage.setItem('settings', JSON.stringify({ customTheme: 'light', theme: '#00B42A' }));
    page();
    await runFirstScript();
    expect(document.body.style.getPropertyValue('--primary-6')).toBe('');
    rememberPalette('#00b42a', false, ['1,1,1', '2,2,2', '3,3,3', '4,4,4', '5,5,5', '0,180,42', '7,7,7', '8,8,8', '9,9,9', '10,10,10']);
    page();
    await runFirstScript();
    // Made readable as the console paints it: 0,180,42 reads 2.8:1 under white text, the next step does.
    expect(document.body.style.getPropertyValue('--primary-6')).toBe('7,7,7');
  });

  it('is not shown with a session, on the pages open without one, or where the root holds something', async () => {
    page();
    document.cookie = `${TOKEN_COOKIE}=tok-1; path=/`;
    window.location.hash = '#/login';
    await runFirstScript();
    expect(frame()).toBeNull();
    document.cookie = `${TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    for (const path of ['#/404', '#/401/', '#/Auth-Redirect?code=1']) {
      page();
      window.location.hash = path;
      await runFirstScript();
      expect(frame(), path).toBeNull();
      expect(window.location.hash).toBe(path);
    }
    page();
    document.getElementById('root')!.innerHTML = '<p>rendered</p>';
    await runFirstScript();
    expect(frame()).toBeNull();
  });
});

describe('the login page taking the first frame over', () => {
  it('reads what was typed and where the caret was while the frame is on screen, and puts the caret back in the rendered form', async () => {
    page();
    await runFirstScript();
    input('username')!.value = 'admin';
    const password = input('password')!;
    password.focus();
    password.value = 'Demo@20';
    password.setSelectionRange(2, 4);
    const seen = readFirstFrame();
    expect(seen).toEqual({ userName: 'admin', passWord: 'Demo@20', focus: { field: 'passWord', start: 2, end: 4 } });

    // React's first commit replaces the root's content with the rendered form.
    document.getElementById('root')!.innerHTML = '<input id="u"><input id="p" type="password" value="Demo@20">';
    expect(readFirstFrame()).toBeNull();
    restoreFirstFrameFocus(seen?.focus, (field) => document.getElementById(field === 'userName' ? 'u' : 'p') as HTMLInputElement);
    const rendered = document.getElementById('p') as HTMLInputElement;
    expect(document.activeElement).toBe(rendered);
    expect([rendered.selectionStart, rendered.selectionEnd]).toEqual([2, 4]);
  });

  it('has nothing to read on a page without a first frame, and no caret to put back where none was', () => {
    document.body.innerHTML = '<div id="root"><div class="login"><input name="username" value="x"></div></div>';
    expect(readFirstFrame()).toBeNull();
    const before = document.activeElement;
    restoreFirstFrameFocus(undefined, () => document.querySelector('input'));
    expect(document.activeElement).toBe(before);
  });
});
