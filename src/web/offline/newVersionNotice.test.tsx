// Arco's React 19 adapter, as the console's entry loads it (main.tsx): its notices render through it.
import '@arco-design/web-react/es/_util/react-19-adapter';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { announceNewVersion } from './newVersionNotice';

describe('a new build deployed under an open console', () => {
  it('is announced until the user reloads, in the console\'s language, and Reload takes it', async () => {
    await i18n.changeLanguage('en-US');
    const reload = vi.fn();
    await announceNewVersion(reload);
    await waitFor(() => expect(screen.getByText('A new version is ready')).toBeTruthy());
    expect(screen.getByText('Reload to use it. Scans waiting offline stay on this device.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('new-version-reload'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
