import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { MenuNode } from '../../src/shared/menu';
import { post } from './helpers';

/** The WCAG 2.0 and 2.1 rules of levels A and AA (docs/accessibility.md, "The axe pass"). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One violation of a page: what a failing test names. */
export interface Finding { page: string; rule: string; impact: string; target: string; summary: string }

/**
 * The serious and critical violations of what the page shows now (or of `within`, a dialog).
 * Legacy mode runs axe in the page itself: the console has no frames to walk, and the default mode
 * opens a blank page of its own to finish every run.
 */
export async function seriousViolations(page: Page, label: string, within?: string): Promise<Finding[]> {
  let axe = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
  if (within) axe = axe.include(within);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => ({
      page: label, rule: v.id, impact: v.impact ?? '', target: n.target.join(' '), summary: (n.failureSummary ?? '').split('\n').slice(0, 2).join(' '),
    })));
}

/** Findings as lines a failed test prints: page, rule, element. */
export const describeFindings = (findings: Finding[]) =>
  findings.map((f) => `${f.page} · ${f.rule} (${f.impact}) · ${f.target} · ${f.summary}`).join('\n');

/** Keeps a group's findings and page count for the figures (`.tmp/a11y/`), whatever the test's outcome. */
export function keepFindings(group: string, pages: string[], findings: Finding[]) {
  mkdirSync('.tmp/a11y', { recursive: true });
  writeFileSync(`.tmp/a11y/${group.replace(/[^\w-]+/g, '_')}.json`, JSON.stringify({ group, pages, findings }, null, 1));
}

/** The pages a user's menu holds, hidden ones left out, as full paths in menu order. */
export async function menuPages(page: Page): Promise<{ path: string; title: string }[]> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  const info = await post<{ menuTree: MenuNode[] }>(page.request, '/sys/user/getCurrentUserInfo', {}, token);
  const out: { path: string; title: string }[] = [];
  const walk = (nodes: MenuNode[], base: string) => {
    for (const node of [...nodes].sort((a, b) => a.orderNum - b.orderNum)) {
      if (node.hidden) continue;
      const path = `${base.replace(/\/$/, '')}/${node.path.replace(/^\//, '')}`;
      if (node.type === 'page') out.push({ path, title: node.label });
      else walk(node.children, path);
    }
  };
  walk(info.menuTree, '');
  return out;
}

/**
 * Waits until the view at `path` has drawn what it loads: its loading states (the page's, a table's
 * spinner, a panel's skeleton, a chart waiting its turn) gone.
 */
export async function settled(page: Page, selector: string) {
  const view = page.locator(selector);
  await expect(view).toBeVisible();
  await expect(view.locator('.page-loading, .arco-spin-loading, .arco-skeleton, [aria-busy="true"]').filter({ visible: true })).toHaveCount(0, { timeout: 20_000 });
}
