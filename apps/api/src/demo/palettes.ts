/** Colour sets for the demo illustrations: night scenes, one garment colour, warm or cool backlight. */
export interface Palette {
  name: string;
  bgTop: string;
  bgBottom: string;
  /** The light source behind the figure. */
  glow: string;
  /** Out-of-focus city lights. */
  bokeh: readonly string[];
  /** Garment: deep shadow, body colour, satin highlight. */
  garment: readonly [string, string, string];
  /** Backlight on the outline. */
  rim: string;
  /** Jewellery and fine lines. */
  metal: string;
}

export const palettes: readonly Palette[] = [
  {
    name: 'vino',
    bgTop: '#3d1122',
    bgBottom: '#0d0508',
    glow: '#ff9f7a',
    bokeh: ['#ffb56b', '#ff7a8a', '#ffd9a0'],
    garment: ['#3f0614', '#9f1239', '#f47a93'],
    rim: '#ffd6ae',
    metal: '#e8c27a',
  },
  {
    name: 'esmeralda',
    bgTop: '#0f2a26',
    bgBottom: '#040b0a',
    glow: '#f3c983',
    bokeh: ['#f6cf86', '#7fd6b8', '#fff0c9'],
    garment: ['#02261e', '#0d6b52', '#6fe0b8'],
    rim: '#ffe7bf',
    metal: '#e9c77f',
  },
  {
    name: 'medianoche',
    bgTop: '#161c40',
    bgBottom: '#05060f',
    glow: '#a9bcff',
    bokeh: ['#b9c8ff', '#ffd7a1', '#8fa5ff'],
    garment: ['#0a0e2b', '#2b3a99', '#9fb0ff'],
    rim: '#e4e9ff',
    metal: '#d9dde8',
  },
  {
    name: 'champan',
    bgTop: '#33261a',
    bgBottom: '#0d0905',
    glow: '#ffd79c',
    bokeh: ['#ffd79c', '#ffb977', '#fff1d2'],
    garment: ['#4f3a1d', '#b38c4f', '#fbe3b1'],
    rim: '#fff0d6',
    metal: '#f1d08e',
  },
  {
    name: 'ciruela',
    bgTop: '#2d1238',
    bgBottom: '#0b040e',
    glow: '#f0a8ff',
    bokeh: ['#f3b3ff', '#ffb7c9', '#c9a7ff'],
    garment: ['#31093a', '#8a1c8f', '#ee8af5'],
    rim: '#ffe0f7',
    metal: '#e6c089',
  },
  {
    name: 'rosa',
    bgTop: '#3b1628',
    bgBottom: '#10060b',
    glow: '#ffc0cf',
    bokeh: ['#ffc0cf', '#ffd9a6', '#ff8fab'],
    garment: ['#5a0f2f', '#be185d', '#fbb0d4'],
    rim: '#ffe4ea',
    metal: '#ecc88e',
  },
  {
    name: 'noir',
    bgTop: '#1d1b20',
    bgBottom: '#050506',
    glow: '#f3d5a8',
    bokeh: ['#f3d5a8', '#ffefd2', '#d9a45f'],
    garment: ['#050506', '#1d1d22', '#6b6b78'],
    rim: '#fbe6c4',
    metal: '#e2b969',
  },
  {
    name: 'cobre',
    bgTop: '#3a1a10',
    bgBottom: '#0f0604',
    glow: '#ffb070',
    bokeh: ['#ffb070', '#ffd29a', '#ff8a5c'],
    garment: ['#4a1b0a', '#b4532a', '#f9ae78'],
    rim: '#ffe1c2',
    metal: '#f0c27d',
  },
];

/** Skin tones, from fair to deep; the backlight keeps them in soft shadow. */
export const skinTones: readonly string[] = [
  '#e6b9a1',
  '#d29c7f',
  '#b97b5d',
  '#9a6046',
  '#7a4632',
  '#5c3324',
];

/** Hair colours: base and sheen. */
export const hairColours: readonly (readonly [string, string])[] = [
  ['#0d0709', '#5a4038'],
  ['#1c0f0a', '#7a5238'],
  ['#2a130c', '#a0603c'],
  ['#3c1d0e', '#c9834b'],
  ['#5a3a1c', '#e8bf7a'],
  ['#1a1012', '#8a3a3e'],
];

/** Mixes two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (shift: number) => {
    const x = (pa >> shift) & 255;
    const y = (pb >> shift) & 255;
    return Math.round(x + (y - x) * t);
  };
  return `#${((1 << 24) | (ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).slice(1)}`;
}
