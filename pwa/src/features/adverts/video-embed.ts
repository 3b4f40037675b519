/**
 * How a partner's intro video is shown (consumer spec §2 contact-partner dialog): links to the
 * video sites (YouTube, youtu.be, Vimeo) become their embed address in an iframe; any other web
 * address plays in the browser's own player. Anything that is not http(s) is not shown at all.
 */
export type VideoEmbed = { kind: 'iframe'; src: string } | { kind: 'video'; src: string };

const youtubeId = /^[A-Za-z0-9_-]{6,20}$/;
const vimeoId = /^\d{1,12}$/;

export function videoEmbed(link: string | null | undefined): VideoEmbed | null {
  const text = link?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);

  if (host === 'youtu.be') {
    const id = parts[0];
    return id && youtubeId.test(id) ? youtube(id) : null;
  }
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const fromQuery = url.searchParams.get('v');
    if (parts[0] === 'watch' && fromQuery && youtubeId.test(fromQuery)) return youtube(fromQuery);
    if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '') && parts[1] && youtubeId.test(parts[1])) return youtube(parts[1]);
    return null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = host === 'player.vimeo.com' ? (parts[0] === 'video' ? parts[1] : undefined) : parts.find((p) => vimeoId.test(p));
    return id && vimeoId.test(id) ? { kind: 'iframe', src: `https://player.vimeo.com/video/${id}` } : null;
  }
  return { kind: 'video', src: url.toString() };
}

function youtube(id: string): VideoEmbed {
  return { kind: 'iframe', src: `https://www.youtube.com/embed/${id}` };
}
