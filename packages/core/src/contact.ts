/**
 * The WhatsApp button of a card: the card links to /contacto/{nickname}, which
 * counts the tap and redirects to the same wa.me address the card used to open.
 */

/** The site path that counts a WhatsApp tap and redirects (disallowed in robots.txt, never cached). */
export const contactPath = (nickname: string) => `/contacto/${encodeURIComponent(nickname)}`;

/** Her chat on WhatsApp: the nine-digit Chilean mobile after the country code. */
export const whatsappUrl = (fono: string) => `https://wa.me/56${fono}`;
