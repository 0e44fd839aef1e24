import type zh from './zh-CN';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const en: Shape<typeof zh> = {
  app: { title: 'Dealer Warehouse Management System', shortTitle: 'Dealer WMS' },
  route: { home: 'Home', profile: 'Personal centre', theme: 'Theme', inbox: 'My announcements', notFound: 'Page not found', noName: 'no-name', unauthorized: 'No access' },
  navbar: {
    profile: 'Personal centre', logout: 'Exit', messages: 'Announcements', unread: '{{count}} unread', settings: 'Settings', more: 'More',
    toggleSidebar: 'Open or close the sidebar', errorLog: 'Error log', logoutConfirm: 'Sign out now?',
  },
  tags: { refresh: 'Refresh', close: 'Close', closeOthers: 'Close others', closeAll: 'Close all' },
  settings: {
    title: 'Page style settings', language: 'Language', themeType: 'Theme type', dark: 'Dark', light: 'Light', themeColor: 'Theme colour',
    tagsView: 'Tags view', fixedHeader: 'Fixed header', isHorizontal: 'Top navigation mode', showTopTitle: 'Top title',
    showTopMenu: 'Top menu', showSidebar: 'Left menu', sidebarLogo: 'Sidebar logo', reset: 'Restore defaults',
    languageReload: 'Changing the language reloads the page',
  },
  errorLog: { title: 'Error log', clearAll: 'Clear All', message: 'Message', info: 'Info', url: 'URL', stack: 'Stack', empty: 'No errors' },
  login: {
    title: 'Dealer Warehouse Management System', subtitle: 'Channel marketing and dealer warehousing in one place', userName: 'User name',
    password: 'Password', captcha: 'Code', submit: 'Sign in', refreshCaptcha: 'Hard to read? Click for another',
    capsLock: 'Caps Lock is on', userNameRequired: 'Please enter the user name', passwordRequired: 'Please enter the password',
    captchaRequired: 'Please enter the verification code',
    showPassword: 'Show the password', hidePassword: 'Hide the password',
  },
  home: {
    welcome: 'Welcome back, {{name}}', dealerScope: 'You are looking at the data of {{dealer}}', operatorScope: 'You are looking at the whole channel',
    dealers: 'Dealers', warehouses: 'Warehouses', materials: 'Materials', brands: 'Brands', byBrand: 'Materials by brand',
    byRegion: 'Dealers by region', quickLinks: 'Quick links', loadFailed: 'The data could not be loaded', noData: 'No data', lastLogin: 'Last sign-in',
  },
  profile: {
    title: 'Personal centre', info: 'Profile', changePassword: 'Change password', userName: 'User name', nickName: 'Nickname', email: 'E-mail',
    phone: 'Mobile number', dealer: 'Dealer', roles: 'Roles', save: 'Save', oldPassword: 'Old password', newPassword: 'New password',
    confirmPassword: 'Confirm password', saved: 'Saved', passwordChanged: 'Password changed; your sessions on other devices were signed out',
    strength: 'Strength', weak: 'Weak', medium: 'Medium', strong: 'Strong',
  },
  error: {
    notFoundTitle: '404', notFound: 'Sorry, the page you visited does not exist', unauthorizedTitle: '401',
    unauthorized: 'Sorry, you may not open this page', backHome: 'Back to home', back: 'Back', hasError: 'Has Error',
    relogin: 'Log in again', boundary: 'Something went wrong on this page', reload: 'Reload',
  },
  generic: {
    description: 'This page ({{path}}) is granted in your menu; its functions arrive in a later release.',
    section: 'Section', permission: 'Permission code', buttons: 'Granted buttons', none: 'none',
  },
  kit: {
    search: 'Search', reset: 'Reset', expand: 'More filters', collapse: 'Fewer filters', add: 'Add', edit: 'Edit', delete: 'Delete', import: 'Import',
    export: 'Export', exportSelected: 'Export selected ({{count}})', refresh: 'Refresh', columns: 'Columns', compact: 'Compact', medium: 'Medium',
    loose: 'Loose', resetColumns: 'Default columns', actions: 'Actions', deleteTitle: 'Delete',
    deleteConfirm: 'Delete the {{count}} selected records? This cannot be undone.', deleted: '{{count}} records deleted', saved: 'Saved',
    secretKept: 'Unchanged: type a new one to replace it', noData: 'No data', noMatch: 'Nothing matches the filters', totalAbout: 'About {{total}} rows', loadFailed: 'The list could not be loaded',
    importHint: 'Download the template, fill it in and upload it. Only xls or xlsx files are accepted; if any row has an error, nothing in the file is imported.',
    template: 'Download template', chooseFile: 'Choose a file to import', importFailed: 'Rows with errors: {{count}}; nothing was imported',
    downloadReport: 'Download error report', row: 'Row', problem: 'Problem', imported: '{{count}} records imported', status: 'Status',
    keyword: 'Keyword', normal: 'Normal', disabled: 'Disabled', yes: 'Yes', no: 'No', createdAt: 'Created', updatedAt: 'Updated', remark: 'Remark',
    pickFirst: 'Please select: {{label}}',
    importUploading: 'Uploading the file…', importReading: 'Reading rows: {{read}}', importChecking: 'Checked {{checked}} of {{read}} rows',
    importWriting: 'Writing {{read}} rows…',
  },
  newVersion: { title: 'A new version is ready', content: 'Reload to use it. Scans waiting offline stay on this device.', reload: 'Reload' },
  common: { confirm: 'OK', cancel: 'Cancel', loading: 'Loading…', retry: 'Retry', ok: 'Got it' },
  a11y: {
    skipToContent: 'Skip to the page content', selectRow: 'Select this row', selectAll: 'Select every row of this page', expandRow: 'Expand or collapse this row',
    pageSize: 'Rows per page', tableScroll: 'Table (scrolls sideways)', sidebar: 'Side menu', sections: 'Sections', tabs: 'Open pages',
    tabKeys: 'Delete closes it, Shift+F10 opens its menu', showTable: 'Show as a table', showChart: 'Show as a chart', chartTable: 'Data of {{title}}',
  },
};
export default en;
