/** A file imported with `?url`: the bundler (Vite, under Astro and the portal) answers its built address. */
declare module '*?url' {
  const url: string;
  export default url;
}
