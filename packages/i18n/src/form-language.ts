import type { I18n } from '@lingui/core';

/**
 * A form's messages in the active language. Validation messages are written in English in the
 * contract and the ui package, which mark them for the catalog with their text as the id, and the
 * server answers with the same text; so a message the catalog holds is shown translated, with the
 * values it names, and any other as it is.
 */
export function formLanguage(i18n: I18n) {
  return {
    locale: i18n.locale,
    translate: (message: string, values?: Record<string, string>) =>
      i18n.messages[message] === undefined
        ? message.replace(/\{(\w+)\}/g, (whole, name: string) => values?.[name] ?? whole)
        : i18n._(message, values),
  };
}
