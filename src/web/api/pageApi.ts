import type { ListPageSpec, PageInput, PageRow } from '@shared/pages/typed';
import { crudApi } from './crud';

/**
 * A manifest list page's calls, typed from its fields: `pageApi(carRequestPage).create`
 * takes the page's save body and `.page` answers its rows, so a field renamed in the manifest is a
 * type error wherever a page's code uses it.
 */
export function pageApi<P extends ListPageSpec>(page: P) {
  if (!page.api) throw new Error('pageApi: a page without an api');
  return crudApi<PageRow<P>, PageInput<P>>(page.api);
}
