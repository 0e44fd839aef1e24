import { Button, Divider, Drawer, Radio, Select, Switch } from '@arco-design/web-react';
import { IconSettings } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Settings } from '@shared/settings';
import type { Language } from '@shared/i18n/languages';
import { storedLanguage, switchLanguage } from '../i18n';
import { appState } from '../stores/app';
import { applySettings, resetSettings, settings } from '../stores/settings';

/** docs/product.md#constants: the right-panel button sits this far from the top. */
export const RIGHT_PANEL_BUTTON_TOP = 250;

const COLOURS = ['#1890ff', '#165dff', '#00b42a', '#722ed1', '#f53f3f', '#ff7d00', '#14c9c9', '#1d2129'];

type SwitchKey = 'tagsView' | 'fixedHeader' | 'isHorizontal' | 'showTopTitle' | 'showTopMenu' | 'showSidebar' | 'sidebarLogo';

/** The right-side settings panel with every switch of docs/product.md#routes-and-screens. */
export function SettingsPanel() {
  const { t } = useTranslation();
  const { settingsOpen } = useSnapshot(appState);
  const s = useSnapshot(settings);
  // Spec: the top-menu and left-menu switches are hidden in horizontal mode.
  const switches: SwitchKey[] = ['tagsView', 'fixedHeader', 'isHorizontal', 'showTopTitle',
    ...(s.isHorizontal ? [] : (['showTopMenu', 'showSidebar'] as SwitchKey[])), 'sidebarLogo'];
  const set = (patch: Partial<Settings>) => applySettings(patch);

  return (
    <>
      <button
        type="button" className="right-panel__handle" style={{ top: RIGHT_PANEL_BUTTON_TOP }} aria-label={t('navbar.settings')}
        onClick={() => (appState.settingsOpen = true)}
      >
        <IconSettings />
      </button>
      <Drawer
        title={t('settings.title')} visible={settingsOpen} width={300} footer={null} unmountOnExit={false}
        onCancel={() => (appState.settingsOpen = false)} className="settings-panel"
      >
        <div className="settings-panel__row">
          <span>{t('settings.language')}</span>
          <Select
            size="small" style={{ width: 130 }} value={storedLanguage()} data-testid="language-select" data-field-label={t('settings.language')}
            onChange={(lang: Language) => switchLanguage(lang)}
            options={[{ label: '简体中文', value: 'zh-CN' }, { label: 'English', value: 'en-US' }]}
          />
        </div>
        <div className="settings-panel__row">
          <span>{t('settings.themeType')}</span>
          <Radio.Group
            type="button" size="small" value={s.customTheme} data-testid="theme-type"
            onChange={(customTheme: Settings['customTheme']) => set({ customTheme })}
          >
            <Radio value="light">{t('settings.light')}</Radio>
            <Radio value="dark">{t('settings.dark')}</Radio>
          </Radio.Group>
        </div>
        <div className="settings-panel__row">
          <span>{t('settings.themeColor')}</span>
          <div className="settings-panel__colours">
            {COLOURS.map((colour) => (
              <button
                key={colour} type="button" aria-label={colour} aria-pressed={s.theme.toLowerCase() === colour}
                className="settings-panel__colour" style={{ background: colour }} onClick={() => set({ theme: colour })}
              />
            ))}
          </div>
        </div>
        <Divider />
        {switches.map((key) => (
          <div className="settings-panel__row" key={key}>
            <span>{t(`settings.${key}`)}</span>
            <Switch size="small" checked={s[key]} data-testid={`setting-${key}`} aria-label={t(`settings.${key}`)} onChange={(value) => set({ [key]: value })} />
          </div>
        ))}
        <Divider />
        <Button long onClick={resetSettings}>{t('settings.reset')}</Button>
      </Drawer>
    </>
  );
}
