import { i18n } from '@lingui/core';

/** Every catalog there is; Hindi holds only two strings and falls back to English. */
export const LOCALES = ['en', 'da', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

/** The languages a user can choose for the portal and for their mail. */
export const USER_LANGUAGES = ['en', 'da'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];

/** Each language named in itself, for language pickers. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', da: 'Dansk', hi: 'हिन्दी' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

const catalogs: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('../locales/en/messages.po'),
  da: () => import('../locales/da/messages.po'),
  hi: () => import('../locales/hi/messages.po'),
};

/** Loads a locale's compiled catalog and makes it the active one; `<html lang>` follows. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages: messages as never });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export { formLanguage } from './form-language';
export { i18n };
