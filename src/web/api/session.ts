import type {
  CaptchaAnswer, ChangePasswordBody, CurrentUserInfo, DictGroups, EditCurrentUserBody, LoginAnswer, LoginBody,
} from '@shared/api/session';
import { CURRENT_USER_PATH, DICTIONARIES_PATH } from '../firstPaint/earlyCalls';
import { api } from './http';

export const sessionApi = {
  captcha: () => api.get<CaptchaAnswer>('/sys/captcha'),
  login: (body: LoginBody) => api.post<LoginAnswer>('/sys/login', { ...body, userName: body.userName.trim() }),
  logout: () => api.post<null>('/sys/loginOut', {}, { silent401: true }),
  // The session load's two calls: their failure is the route guard's to report (docs/product.md#session:
  // the error, then login with the redirect), not a re-login box over the sign-in form.
  currentUser: () => api.post<CurrentUserInfo>(CURRENT_USER_PATH, {}, { silent401: true }),
  editCurrentUser: (body: EditCurrentUserBody) => api.post<null>('/sys/user/editCurrentUser', body),
  changePassword: (body: ChangePasswordBody) => api.post<null>('/sys/user/changePassword', body),
  dictionaries: () => api.post<DictGroups>(DICTIONARIES_PATH, {}, { silent401: true }),
};
