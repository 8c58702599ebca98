import { ApiRouter } from '../../core/http';
import { CurrencyPatch, LanguagePatch, NotificationsPatch, SettingsPatch, UserSettings } from './schemas';
import * as settings from './service';

const tags = ['Settings'];
const success = { description: 'The caller’s settings', data: UserSettings };

export const router = new ApiRouter()
  .json({
    method: 'get',
    path: '/api/settings',
    tags,
    summary: 'Settings of the caller (defaults until changed)',
    access: 'profile',
    success,
    handle: ({ caller }) => settings.getSettings(caller.uid),
  })
  .json({
    method: 'patch',
    path: '/api/settings',
    tags,
    summary: 'Changes some settings',
    access: 'profile',
    body: SettingsPatch,
    success,
    handle: ({ caller, body }) => settings.updateSettings(caller, body),
  })
  .json({
    method: 'patch',
    path: '/api/settings/language',
    tags,
    summary: 'Changes the language',
    access: 'profile',
    body: LanguagePatch,
    success,
    handle: ({ caller, body }) => settings.updateSettings(caller, body),
  })
  .json({
    method: 'patch',
    path: '/api/settings/currency',
    tags,
    summary: 'Changes the display currency',
    access: 'profile',
    body: CurrencyPatch,
    success,
    handle: ({ caller, body }) => settings.updateSettings(caller, body),
  })
  .json({
    method: 'patch',
    path: '/api/settings/notifications',
    tags,
    summary: 'Turns notification categories on or off',
    access: 'profile',
    body: NotificationsPatch,
    success,
    handle: ({ caller, body }) => settings.updateSettings(caller, { notifications: body }),
  });
