/** User settings: stored only once changed; until then every user has the defaults. */
import type { z } from 'zod';
import type { ProfileCaller } from '../../core/auth';
import { now } from '../../core/clock';
import { config } from '../../core/config';
import * as repository from './repository';
import { NOTIFICATION_CATEGORIES, type SettingsPatch, type UserSettings } from './schemas';

export type Settings = z.output<typeof UserSettings>;

export function defaultSettings(): Settings {
  return {
    language: config().DEFAULT_LANGUAGE,
    currency: 'XOF',
    notifications: Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, true])) as Settings['notifications'],
  };
}

function withDefaults(stored: Partial<Settings> | undefined): Settings {
  const defaults = defaultSettings();
  return {
    language: stored?.language ?? defaults.language,
    currency: stored?.currency ?? defaults.currency,
    notifications: { ...defaults.notifications, ...stored?.notifications },
  };
}

export async function getSettings(uid: string): Promise<Settings> {
  return withDefaults(await repository.findSettings(uid));
}

/** Settings of several users (a page of recipients), one read each in a single round trip. */
export async function settingsOf(uids: string[]): Promise<Settings[]> {
  return (await repository.findSettingsOf(uids)).map(withDefaults);
}

export function updateSettings(caller: ProfileCaller, patch: z.output<typeof SettingsPatch>): Promise<Settings> {
  return repository.updateSettings(caller.uid, defaultSettings(), patch, now());
}
