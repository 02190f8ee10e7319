/**
 * The escort's note as it is quoted in a mail to her contact, who is not a user
 * of the site: one line of plain text in which nothing is a link. Mail clients
 * turn plain text into links by themselves (a scheme, "www.", a bare domain, an
 * e-mail address), so a note quoted under the site's name could otherwise carry
 * a phishing link. The note stays (an address or a room number is what the
 * alert is for); what a client would link is defanged the way security mail
 * does it: "https://" becomes "hxxps://", other schemes lose their "://", every
 * dot of a host name becomes "[.]" and the "@" of an address "[@]". A person
 * still reads it; no client makes it clickable.
 */
export function plainNote(note: string): string {
  return (
    note
      // Full-width letters and dots ("ｗｗｗ．", "。") are the ASCII ones to a browser: fold them first.
      .normalize('NFKC')
      .replace(/[\u3002\uFF0E\uFF61]/g, '.')
      // Invisible characters would split a link past this filter and still let a client join it.
      .replace(/\p{Cf}/gu, '')
      // One line: a multi-line note could imitate the site's own paragraphs.
      .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
      .trim()
      .replace(/\b(h)tt(ps?):\/\//giu, '$1xx$2://')
      .replace(/\b([a-z][a-z0-9+.-]*):\/\//giu, (all, scheme: string) =>
        /^hxxps?$/i.test(scheme) ? all : `${scheme}[:]//`,
      )
      .replace(hostLike, (host) => host.replaceAll('.', '[.]'))
      .replace(/(?<=[\p{L}\p{N}._%+-])@(?=[\p{L}\p{N}])/gu, '[@]')
  );
}

/**
 * A host name as clients link it: labels joined by dots whose last label has a
 * letter ("ejemplo.com", "www.sitio.cl", "bit.ly"), or an IPv4 address. Digits
 * alone ("$50.000", "12.5") are prices and numbers, left as they are.
 */
const hostLike =
  /(?<![\p{L}\p{M}\p{N}.-])(?:(?:[\p{L}\p{M}\p{N}-]+\.)+[\p{L}\p{M}\p{N}-]*\p{L}[\p{L}\p{M}\p{N}-]*|\d{1,3}(?:\.\d{1,3}){3})(?![\p{L}\p{M}\p{N}-])/gu;
