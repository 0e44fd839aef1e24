import { Button, Grid, Result, Skeleton, Statistic } from '@arco-design/web-react';
import { IconApps, IconCommon, IconHome, IconUserGroup } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { overviewApi } from '../../api/overview';
import { firstPage, type AppRoute } from '../../app/routeTable';
import { LazyChart } from '../../kit/chart/LazyChart';
import { MenuIcon } from '../../layout/MenuIcon';
import { session } from '../../stores/session';
import './home.css';

const { Row, Col } = Grid;

/** Home: the channel at a glance, within the user's data scope. */
export default function Home() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, routes } = useSnapshot(session);
  const overview = useQuery({ queryKey: ['home', 'overview'], queryFn: overviewApi.get });
  const data = overview.data;

  const stats = [
    { key: 'dealers', icon: <IconUserGroup />, value: data?.dealers },
    { key: 'warehouses', icon: <IconHome />, value: data?.warehouses },
    { key: 'materials', icon: <IconCommon />, value: data?.materials },
    { key: 'brands', icon: <IconApps />, value: data?.brands },
  ];
  const quickLinks = (routes as AppRoute[]).map((section) => ({ section, page: firstPage(section) })).filter((l) => l.page);

  return (
    <div className="page home">
      <div className="page-card home__welcome">
        <div>
          <h1>{t('home.welcome', { name: user?.nickName })}</h1>
          <p>{user?.dealerName ? t('home.dealerScope', { dealer: user.dealerName }) : t('home.operatorScope')}</p>
        </div>
      </div>
      {overview.isError ? (
        <div className="page-card">
          <Result status="error" title={t('home.loadFailed')} extra={<Button onClick={() => void overview.refetch()}>{t('common.retry')}</Button>} />
        </div>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {stats.map((s) => (
              <Col key={s.key} xs={12} md={6}>
                <div className="page-card home__stat" data-testid={`stat-${s.key}`}>
                  <span className="home__stat-icon">{s.icon}</span>
                  {overview.isLoading ? <Skeleton text={{ rows: 1 }} animation /> : <Statistic title={t(`home.${s.key}`)} value={s.value ?? 0} groupSeparator />}
                </div>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={14}>
              <div className="page-card">
                <h2 className="page-card__title">{t('home.byBrand')}</h2>
                {data && (
                  <LazyChart
                    ariaLabel={t('home.byBrand')}
                    option={{
                      grid: { left: 40, right: 16, top: 16, bottom: 28 },
                      tooltip: { trigger: 'axis' },
                      xAxis: { type: 'category', data: data.materialsByBrand.map((b) => b.name) },
                      yAxis: { type: 'value' },
                      series: [{ type: 'bar', name: t('home.materials'), data: data.materialsByBrand.map((b) => b.count), barMaxWidth: 42, itemStyle: { borderRadius: [4, 4, 0, 0] } }],
                    }}
                  />
                )}
              </div>
            </Col>
            <Col xs={24} lg={10}>
              <div className="page-card">
                <h2 className="page-card__title">{t('home.byRegion')}</h2>
                {data && (
                  <LazyChart
                    ariaLabel={t('home.byRegion')}
                    option={{
                      tooltip: { trigger: 'item' },
                      legend: { bottom: 0, type: 'scroll' },
                      series: [{
                        type: 'pie', radius: ['45%', '70%'], center: ['50%', '45%'], name: t('home.dealers'),
                        data: data.dealersByRegion.map((r) => ({ name: r.name, value: r.count })),
                        label: { formatter: '{b}: {c}' },
                      }],
                    }}
                  />
                )}
              </div>
            </Col>
          </Row>
        </>
      )}
      <div className="page-card">
        <h2 className="page-card__title">{t('home.quickLinks')}</h2>
        <div className="home__links">
          {quickLinks.map(({ section, page }) => (
            <button key={section.path} type="button" className="home__link" onClick={() => navigate(page!.path)}>
              <MenuIcon name={section.meta.icon} />
              <span>{section.meta.title}</span>
              <small>{page!.meta.title}</small>
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
