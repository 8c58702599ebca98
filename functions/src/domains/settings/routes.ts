import { ApiRouter } from '../../core/http';
import { CurrencyPatch, LanguagePatch, NotificationsPatch, SettingsPatch, UserSettings } from './schemas';
import * as settings from './service';

const tags = ['Settings'];
const success = { description: 'The caller’s settings', data: UserSettings };

export const router = new ApiRouter()
  .json({
    method: 'get',
    path: '/api/settings',
    operationId: 'getMySettings',
    tags,
    summary: 'Settings of the caller (defaults until changed)',
    description: 'The caller’s language (`fr` or `en`), display currency and notification categories; a user who never changed them reads the defaults. The language is the one its notifications are written in.',
    access: 'profile',
    success,
    handle: ({ caller }) => settings.getSettings(caller.uid),
  })
  .json({
    method: 'patch',
    path: '/api/settings',
    operationId: 'updateMySettings',
    tags,
    summary: 'Changes some settings',
    description: 'Changes any of the language, the display currency and the notification categories (at least one field); the categories not given keep their value. Answers the whole settings.',
    access: 'profile',
    body: SettingsPatch,
    success,
    handle: ({ caller, body }) => settings.updateSettings(caller, body),
  })
  .json({
    method: 'patch',
    path: '/api/settings/language',
    operationId: 'setMyLanguage',
    tags,
    summary: 'Changes the language',
    description: 'The language (`fr` or `en`) the caller’s notifications are written in from now on. An answer’s error messages follow `Accept-Language` instead.',
    access: 'profile',
    body: LanguagePatch,
    success,
    handle: ({ caller, body }) => settings.updateSettings(caller, body),
  })
  .json({
    method: 'patch',
    path: '/api/settings/currency',
    operationId: 'setMyCurrency',
    tags,
    summary: 'Changes the display currency',
    description: 'The currency the apps show amounts in; amounts are always charged and stored in XOF. Answers the whole settings.',
    access: 'profile',
    body: CurrencyPatch,
    success,
    handle: ({ caller, body }) => settings.updateSettings(caller, body),
  })
  .json({
    method: 'patch',
    path: '/api/settings/notifications',
    operationId: 'setMyNotificationCategories',
    tags,
    summary: 'Turns notification categories on or off',
    description: 'Each category given (`orders`, `payments`, `messages`, `transit`, `promotions`, `system`) is turned on or off, at least one; the others keep their value. Answers the whole settings.',
    access: 'profile',
    body: NotificationsPatch,
    success,
    handle: ({ caller, body }) => settings.updateSettings(caller, { notifications: body }),
  });
