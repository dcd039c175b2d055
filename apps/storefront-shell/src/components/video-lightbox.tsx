import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Video } from '@platform/api-client';

const Lightbox = styled.dialog`
  width: min(900px, 92vw); padding: 0; border: 0; border-radius: ${(p) => p.theme.radius};
  &::backdrop { background: rgba(0,0,0,.7); }
  iframe { display: block; width: 100%; aspect-ratio: 16 / 9; border: 0; }
  header { display: flex; justify-content: space-between; align-items: center; padding: 8px 12px; }
  header button { font: inherit; border: 0; background: none; font-size: 1.5rem; cursor: pointer; }
`;
const List = styled.ul`list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 8px;
  button { font: inherit; padding: 6px 12px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; background: #fff; cursor: pointer; }`;

/** Video lightbox: a modal dialog with the video's player; Escape, the backdrop or × closes it. */
export function VideoLightbox({ video, onClose }: { video: Video | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (video && !dialog.open) dialog.showModal?.();
    if (!video && dialog.open) dialog.close();
  }, [video]);
  return (
    <Lightbox ref={ref} onClose={onClose} onClick={(e) => { if (e.target === e.currentTarget) onClose(); }} aria-label={video?.title ?? 'Video'}>
      {video ? (
        <>
          <header><strong>{video.title}</strong><button type="button" aria-label="Close video" onClick={onClose}>×</button></header>
          <iframe src={video.url} title={video.title} allow="encrypted-media; picture-in-picture" allowFullScreen />
        </>
      ) : null}
    </Lightbox>
  );
}

/** A titled list of videos, each opening in the lightbox; nothing when there are none. */
export function VideoSection({ videos, id }: { videos: Video[]; id: string }) {
  const [playing, setPlaying] = useState<Video | null>(null);
  if (!videos.length) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>Videos</h2>
      <List>{videos.map((v) => <li key={v.url}><button type="button" onClick={() => setPlaying(v)}>▶ {v.title}</button></li>)}</List>
      <VideoLightbox video={playing} onClose={() => setPlaying(null)} />
    </section>
  );
}
