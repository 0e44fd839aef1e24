/**
 * The calls that only read, by their last path segment. While offline every other call is
 * refused at once with a clear message (only scans and unscans are kept, queued by the
 * scanning screen itself): nothing pretends to have been saved. Reads fail as any unanswered
 * call does. A read missing here is only refused with the offline message instead.
 */
const READS = new Set([
  'selectByPage', 'detail', 'options', 'locations', 'offlineBook', 'export', 'template', 'chart', 'batch', 'list', 'tree', 'resourceTree',
  'resources', 'dataRules', 'inbox', 'sent', 'unreadCount', 'getNewNotice', 'recipients', 'audienceOptions', 'assignOptions', 'unmatched',
  'trip', 'trace', 'suggest', 'overview', 'materials', 'lastCheck', 'health', 'groupByType', 'getCurrentUserInfo', 'getRouters', 'check',
  'captcha', 'login', 'dictionaries', 'getInfo',
]);

export const isWriteCall = (url: string | undefined) => {
  const path = (url ?? '').split('?')[0];
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !!last && !READS.has(last);
};
