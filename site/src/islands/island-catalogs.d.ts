/** The island's catalogs, cut down to the messages it uses by the build (site/island-catalogs.mjs). */
declare module 'virtual:island-catalogs' {
  const catalogs: import('@tidewatch/i18n/static').IslandCatalogs;
  export default catalogs;
}
