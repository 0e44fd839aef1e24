import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@shared/i18n/languages';
import { detailOf, type PlacedPage } from '@shared/pages';
import { ManifestList } from './ManifestListPage';
import type { Row } from './manifestFields';

/**
 * A manifest page with a `detail` list: its own list on the left, chosen one row at a time, and the
 * chosen row's records on the right (a dictionary's types and their entries), each a manifest list.
 */
export function MasterDetail({ page, perm }: { page: PlacedPage; perm: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const spec = page.detail!;
  const detail = useMemo(() => detailOf(page), [page]);
  const [chosen, setChosen] = useState<Row | null>(null);
  const caption = chosen && spec.caption ? ` · ${String(chosen[spec.caption[lang]] ?? '')}` : '';

  return (
    <div className="page">
      <div className="split-page">
        <div className="page-card">
          <h2 className="page-card__title">{spec.masterTitle[lang]}</h2>
          <ManifestList page={page} perm={perm} selectionType="radio" pageSize={10} onSelect={(rows) => setChosen(rows[0] ?? null)} />
        </div>
        <div className="page-card">
          <h2 className="page-card__title">{spec.title[lang]}{caption}</h2>
          <ManifestList
            page={detail} perm={perm} listId={`page-${page.perm}-detail`} viewKey="detail" hideFixed
            fixedFilters={chosen ? { [spec.by.field]: chosen[spec.by.from] } : undefined}
            waitingFor={chosen ? undefined : t('msg:selectSingleLeft')}
          />
        </div>
      </div>
    </div>
  );
}
