import { z } from 'zod';

export const NOTIFICATION_CATEGORIES = ['orders', 'payments', 'messages', 'transit', 'promotions', 'system'] as const;

export const Language = z.enum(['fr', 'en']);
export const Currency = z.enum(['XOF', 'XAF', 'NGN', 'GHS', 'EUR', 'USD']).meta({
  description: 'Display currency. Amounts are always charged and stored in XOF.',
});
export const NotificationToggles = z.strictObject(
  Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, z.boolean()])) as Record<
    (typeof NOTIFICATION_CATEGORIES)[number],
    z.ZodBoolean
  >,
);

export const UserSettings = z
  .strictObject({ language: Language, currency: Currency, notifications: NotificationToggles })
  .meta({ id: 'UserSettings', description: 'Preferences of a user: language of messages, display currency, notifications by category.' });

const nonEmpty = { message: 'Give at least one field.' };
export const SettingsPatch = z
  .strictObject({ language: Language.optional(), currency: Currency.optional(), notifications: NotificationToggles.partial().optional() })
  .refine((value) => Object.keys(value).length > 0, nonEmpty);
export const LanguagePatch = z.strictObject({ language: Language });
export const CurrencyPatch = z.strictObject({ currency: Currency });
export const NotificationsPatch = NotificationToggles.partial().refine((value) => Object.keys(value).length > 0, nonEmpty);
