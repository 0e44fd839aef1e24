import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter, Navigate } from 'react-router-dom';
import { PageLoading } from '../kit/PageLoading';
import { SessionGate } from './SessionGate';

const Login = lazy(() => import('../pages/login'));
const AuthRedirect = lazy(() => import('../pages/login/AuthRedirect'));
const ErrorPage = lazy(() => import('../pages/error'));
const Layout = lazy(() => import('../layout'));
const Wall = lazy(() => import('../pages/wall'));

const suspense = (node: ReactNode) => <Suspense fallback={<PageLoading fullscreen />}>{node}</Suspense>;

/** Spec section 2: print and report cards, opened in their own window for the print dialog. */
export const PRINT_CARDS = {
  '/tyreReportCard': lazy(() => import('../pages/print/TyreReport')),
  '/prCard': lazy(() => import('../pages/print/OrderCard')),
  '/prCard2': lazy(() => import('../pages/print/BarcodeLabels')),
  '/prCardCopy': lazy(() => import('../pages/print/OrderCardCopy')),
  '/trCardCopy': lazy(() => import('../pages/print/TransferCardCopy')),
  '/bhdCardCopy': lazy(() => import('../pages/print/PickingList')),
  '/LocationReport': lazy(() => import('../pages/print/LocationLabels')),
};

/**
 * Public routes and error pages are fixed; everything else renders inside the layout, which
 * resolves the path against the routes made from the user's menu tree.
 */
export const router = createHashRouter([
  { path: '/login', element: suspense(<Login />) },
  { path: '/auth-redirect', element: suspense(<AuthRedirect />) },
  { path: '/404', element: suspense(<ErrorPage status={404} />) },
  { path: '/401', element: suspense(<ErrorPage status={401} />) },
  { path: '/error/404', element: <Navigate to="/404" replace /> },
  { path: '/error/401', element: <Navigate to="/401" replace /> },
  ...Object.entries(PRINT_CARDS).map(([path, Card]) => ({ path, element: <SessionGate>{suspense(<Card />)}</SessionGate> })),
  // Wall screens: full screen dashboards without the layout (dashboards/*.ts).
  { path: '/wall/:id', element: <SessionGate>{suspense(<Wall />)}</SessionGate> },
  { path: '*', element: <SessionGate>{suspense(<Layout />)}</SessionGate> },
]);
