import { Descriptions, Empty, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { sectionOf } from '../../app/routeTable';
import { useView } from '../../app/viewContext';
import { MenuIcon } from '../../layout/MenuIcon';
import { session } from '../../stores/session';

/**
 * The page of a route the server grants but the console does not implement yet: it names
 * itself, its section, its permission code and the buttons the user holds on it.
 */
export default function GenericPage() {
  const { t } = useTranslation();
  const { route, title, path } = useView();
  const { routes, buttons } = useSnapshot(session);
  const section = sectionOf(routes, path);
  const granted = buttons.filter((b) => b.startsWith(`${route.perm}:`));
  return (
    <div className="page">
      <div className="page-card" data-testid="generic-page">
        <h1 className="page-card__title" style={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: 18 }}>
          <MenuIcon name={route.meta.icon} /> {title}
        </h1>
        <Empty description={t('generic.description', { path })} />
        <Descriptions
          column={1} border size="small" style={{ marginTop: 16 }}
          data={[
            { label: t('generic.section'), value: section?.meta.title ?? '-' },
            { label: t('generic.permission'), value: <code>{route.perm || '-'}</code> },
            {
              label: t('generic.buttons'),
              value: granted.length ? granted.map((b) => <Tag key={b} size="small" style={{ marginRight: 4 }}>{b.split(':').pop()}</Tag>) : t('generic.none'),
            },
          ]}
        />
      </div>
    </div>
  );
}
