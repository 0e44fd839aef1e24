/** Home's route. Apart from the constant routes, for the page's first script (earlyStart.ts). */
export const HOME_PATH = '/home';

/** Whether a route path opens home (the root redirects there). */
export const isHomePath = (path: string) => path === '/' || path === HOME_PATH;
