import {
  IconApps, IconArchive, IconArrowRise, IconBook, IconBranch, IconCalendar, IconCalendarClock, IconCheckCircle, IconCheckSquare, IconClockCircle,
  IconCloud, IconCommon, IconDashboard, IconDownload, IconDriveFile, IconEmail, IconExclamationCircle, IconExport, IconEye, IconFile,
  IconHistory, IconHome, IconImport, IconLayout, IconLink, IconList, IconLocation, IconLock, IconMenu, IconMessage, IconMindMapping,
  IconMobile, IconMore, IconNotification, IconOrderedList, IconRedo, IconSafe, IconScan, IconSchedule, IconSearch, IconSend,
  IconSettings, IconShareAlt, IconStop, IconStorage, IconSwap, IconSync, IconTags, IconToBottom, IconTool, IconToTop, IconTrophy,
  IconUndo, IconUpload, IconUser, IconUserGroup,
} from '@arco-design/web-react/icon';
import type { ComponentType } from 'react';

/** Icon names the resource tree may use, mapped to Arco's icons; an unknown name shows a file. */
const ICONS: Record<string, ComponentType> = {
  apps: IconApps, archive: IconArchive, 'arrow-rise': IconArrowRise, book: IconBook, branch: IconBranch, calendar: IconCalendar,
  'calendar-clock': IconCalendarClock, 'check-circle': IconCheckCircle, 'check-square': IconCheckSquare, 'clock-circle': IconClockCircle, cloud: IconCloud,
  common: IconCommon, dashboard: IconDashboard, download: IconDownload, 'drive-file': IconDriveFile, email: IconEmail,
  'exclamation-circle': IconExclamationCircle, export: IconExport, eye: IconEye, file: IconFile, history: IconHistory, home: IconHome,
  import: IconImport, layout: IconLayout, link: IconLink, list: IconList, location: IconLocation, lock: IconLock, menu: IconMenu,
  message: IconMessage, 'mind-mapping': IconMindMapping, mobile: IconMobile, more: IconMore, notification: IconNotification,
  'ordered-list': IconOrderedList, redo: IconRedo, safe: IconSafe, scan: IconScan, schedule: IconSchedule, search: IconSearch,
  send: IconSend, settings: IconSettings, 'share-alt': IconShareAlt, stop: IconStop, storage: IconStorage, swap: IconSwap,
  sync: IconSync, tags: IconTags, 'to-bottom': IconToBottom, tool: IconTool, 'to-top': IconToTop, trophy: IconTrophy, undo: IconUndo,
  upload: IconUpload, user: IconUser, 'user-group': IconUserGroup,
};

export const ICON_NAMES = Object.keys(ICONS);

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && ICONS[name]) || IconFile;
  return <Icon />;
}
