import { describe, expect, it } from 'vitest';
import { videoEmbed } from './video-embed';

describe('videoEmbed', () => {
  it('embeds YouTube links of every common shape', () => {
    const embed = { kind: 'iframe', src: 'https://www.youtube.com/embed/dQw4w9WgXcQ' };
    expect(videoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual(embed);
    expect(videoEmbed('https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s')).toEqual(embed);
    expect(videoEmbed('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual(embed);
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ?si=abc')).toEqual(embed);
    expect(videoEmbed('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual(embed);
    expect(videoEmbed('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toEqual(embed);
    expect(videoEmbed('  https://youtu.be/dQw4w9WgXcQ  ')).toEqual(embed);
  });

  it('embeds Vimeo links', () => {
    const embed = { kind: 'iframe', src: 'https://player.vimeo.com/video/76979871' };
    expect(videoEmbed('https://vimeo.com/76979871')).toEqual(embed);
    expect(videoEmbed('https://www.vimeo.com/channels/staffpicks/76979871')).toEqual(embed);
    expect(videoEmbed('https://player.vimeo.com/video/76979871')).toEqual(embed);
  });

  it('plays other web addresses in the native player', () => {
    expect(videoEmbed('https://cdn.example.nz/intro.mp4')).toEqual({ kind: 'video', src: 'https://cdn.example.nz/intro.mp4' });
  });

  it('shows nothing for no link, a broken one, a video-site page without a video, or a non-web scheme', () => {
    expect(videoEmbed(null)).toBeNull();
    expect(videoEmbed('   ')).toBeNull();
    expect(videoEmbed('not a url')).toBeNull();
    expect(videoEmbed('javascript:alert(1)')).toBeNull();
    expect(videoEmbed('data:video/mp4;base64,AAAA')).toBeNull();
    expect(videoEmbed('https://www.youtube.com/channel/abc')).toBeNull();
    expect(videoEmbed('https://youtu.be/')).toBeNull();
    expect(videoEmbed('https://vimeo.com/about')).toBeNull();
  });
});
