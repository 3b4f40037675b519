/**
 * Plain-text email lines of at most `width` characters, broken at spaces (a longer word is cut):
 * people write messages as one long line, and SMTP refuses lines over 998 octets.
 */
export function wrapText(text: string, width = 78): string {
  return text
    .split(/\r?\n/)
    .flatMap((line) => {
      const out: string[] = [];
      let rest = line.trimEnd();
      while (rest.length > width) {
        const space = rest.lastIndexOf(' ', width);
        const cut = space > 0 ? space : width;
        out.push(rest.slice(0, cut).trimEnd());
        rest = rest.slice(cut).trimStart();
      }
      out.push(rest);
      return out;
    })
    .join('\n');
}

/** One line for a header (a subject): line breaks a sender typed become spaces. */
export const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
