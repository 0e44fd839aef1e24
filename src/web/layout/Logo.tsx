import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function Logo({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="logo" title={t('app.title')}>
      <img src="/logo.svg" alt="" width={28} height={28} />
      {!collapsed && <span className="logo__text">{t('app.shortTitle')}</span>}
    </Link>
  );
}
