/** A module bundled into one classic script, as text for the server to inline (scripts/vite-inline-scripts.ts). */
declare module "*?inline-script" {
  const code: string;
  export default code;
}

/** The same, as a file of the client build: its path (scripts/vite-inline-scripts.ts). */
declare module "*?script-file" {
  const src: string;
  export default src;
}
