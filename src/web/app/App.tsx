import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { i18n } from '../i18n';
import { router } from './router';
import { useThemeEffect } from './useThemeEffect';
import { useDeviceEffect } from './useDeviceEffect';

/** The entry's shell: only what the login page needs; the signed-in providers load with the session (ConsoleProviders). */
export function App() {
  useThemeEffect();
  useDeviceEffect();
  return (
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  );
}
