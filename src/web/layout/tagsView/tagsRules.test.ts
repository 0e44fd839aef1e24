import { describe, expect, it } from 'vitest';
import { addView, closeAll, closeOthers, closeView, NO_NAME, type VisitedView } from './tagsRules';

const view = (path: string, extra: Partial<VisitedView> = {}): VisitedView => ({ path, fullPath: path, title: path.slice(1), affix: false, noCache: false, ...extra });
const home = view('/home', { affix: true });

describe('tags view rules', () => {
  it('adds a new view at the end and updates a known one in place', () => {
    let views = addView([home], view('/a'));
    views = addView(views, view('/b'));
    views = addView(views, view('/a', { fullPath: '/a?x=1' }));
    expect(views.map((v) => v.fullPath)).toEqual(['/home', '/a?x=1', '/b']);
  });

  it('keeps the same list when nothing changed', () => {
    const views = [home, view('/a')];
    expect(addView(views, view('/a'))).toBe(views);
  });

  it("names an untitled view 'no-name'", () => {
    expect(addView([], view('/x', { title: '' }))[0].title).toBe(NO_NAME);
  });

  it('closing the active view moves to the last view left; closing another stays put', () => {
    const views = [home, view('/a'), view('/b')];
    expect(closeView(views, '/b', '/b')).toEqual({ views: [home, views[1]], navigateTo: '/a' });
    expect(closeView(views, '/a', '/b')).toEqual({ views: [home, views[2]], navigateTo: undefined });
  });

  it('never closes a pinned view', () => {
    const views = [home, view('/a')];
    expect(closeView(views, '/home', '/home').views).toBe(views);
  });

  it('close others keeps the pinned views and the chosen one, and opens it', () => {
    const views = [home, view('/a'), view('/b'), view('/c')];
    expect(closeOthers(views, '/b', '/c')).toEqual({ views: [home, views[2]], navigateTo: '/b' });
    expect(closeOthers(views, '/b', '/b').navigateTo).toBeUndefined();
  });

  it('close all keeps the pinned views and lands on the last of them', () => {
    const views = [home, view('/a'), view('/b')];
    expect(closeAll(views, '/a')).toEqual({ views: [home], navigateTo: '/home' });
    expect(closeAll([view('/a')], '/a')).toEqual({ views: [], navigateTo: '/' });
  });
});
