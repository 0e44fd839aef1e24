/** Home's route. Apart from the constant routes, for the page's first script (earlyStart.ts). */
export const HOME_PATH = '/home';
