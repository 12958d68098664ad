import { Icon } from "#app/components/ui/icon.tsx";
import { useState } from "react";
import { VideoPoster } from "#app/components/illustrations/video-poster.tsx";
import { introVideoEmbedUrl, introVideoWatchUrl } from "#app/content/intro-video.ts";
import { firstPress } from "#app/before-react/hydration-on-intent.ts";

/**
 * A poster with a play button standing in for the video player. The iframe (and
 * with it the host's scripts and cookies) is only inserted once play is pressed.
 * Without JavaScript the play control is a plain link to the video.
 *
 * Without a video id the poster stands alone as the hero's illustration. The home
 * page is prerendered with a placeholder id that the server stamps over with the
 * id it runs with, an empty one included, so the markup is the same either way
 * and a stylesheet rule (`no-video:`) hides the play control and caption.
 */
export function VideoFacade({ videoId, title, caption }: { videoId: string; title: string; caption: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <figure data-intro-video={videoId} className="overflow-hidden rounded-2xl bg-ink shadow-2xl ring-1 ring-white/10">
      <div className="relative aspect-video">
        <VideoPoster className="absolute inset-0 size-full" />
        {playing ? (
          <iframe
            src={introVideoEmbedUrl(videoId)}
            title={title}
            width="640"
            height="360"
            className="absolute inset-0 size-full"
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <a
            href={introVideoWatchUrl(videoId)}
            // A press before hydration waits for it, rather than leaving for the video host (hydration-on-intent.ts).
            {...firstPress("held")}
            onClick={(event) => {
              event.preventDefault();
              setPlaying(true);
            }}
            className="group absolute inset-0 flex items-center justify-center focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-emerald-300 no-video:hidden"
          >
            <span className="flex size-20 items-center justify-center rounded-full bg-white/95 text-brand-700 shadow-lg transition-transform group-hover:scale-105">
              <Icon name="play" className="ml-1 size-9 fill-current" />
            </span>
            <span className="sr-only">Play video: {title}</span>
          </a>
        )}
      </div>
      <figcaption className="px-4 py-3 text-sm text-slate-300 no-video:hidden">{caption}</figcaption>
    </figure>
  );
}
