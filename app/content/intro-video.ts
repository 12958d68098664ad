/**
 * The home page's intro video host: YouTube's privacy-enhanced domain, which the
 * Content-Security-Policy allows as a frame source (server/app.ts).
 */
export const INTRO_VIDEO_ORIGIN = "https://www.youtube-nocookie.com";

/** The player address, inserted only after the visitor presses play. */
export function introVideoEmbedUrl(videoId: string): string {
  return `${INTRO_VIDEO_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1`;
}

/** Where the play control leads when JavaScript is off. */
export function introVideoWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}
