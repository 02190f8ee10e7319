import { createRandom, type Random } from './random.ts';
import { fmt, limbPath, polygonPath, smoothPath, type Point } from './spline.ts';
import { hairColours, mix, palettes, skinTones, type Palette } from './palettes.ts';

/**
 * Demo profile "photos": backlit fashion-illustration figures against a
 * night scene, drawn by the project so no real person is ever shown. Every
 * choice (palette, backdrop, pose, garment, hair) comes from the seed, so one
 * escort always gets the same picture.
 */

export type Figure = 'femenino' | 'masculino';

export interface IllustrationOptions {
  figure: Figure;
  /** Rendered width in pixels (height is 5/4 of it). 720 covers 2x screens at card size and keeps seeding fast. */
  width?: number;
  /** Palette index, so a caller can keep neighbouring pictures apart; otherwise chosen by the seed. */
  palette?: number;
}

export const ILLUSTRATION_WIDTH = 800;
export const ILLUSTRATION_HEIGHT = 1000;

type ArmPose = 'down' | 'hip' | 'hair';
type Backdrop = 'bokeh' | 'window' | 'curtain' | 'halo';
type Neckline = 'strapless' | 'wrap' | 'halter' | 'oneShoulder' | 'suit';
type HairStyle = 'long' | 'wavy' | 'bob' | 'bun' | 'ponytail' | 'crop' | 'quiff';

interface Body {
  cx: number;
  hx: number;
  hy: number;
  rx: number;
  ry: number;
  tilt: number;
  ys: number;
  sw: number;
  yw: number;
  ww: number;
  yh: number;
  hw: number;
  hs: number;
  st: number;
}

export function illustrationSvg(seed: string, options: IllustrationOptions): string {
  const r = createRandom(`${seed}|${options.figure}`);
  const masc = options.figure === 'masculino';
  // Suits read best in deep colours; dresses may take any palette.
  const allowed = masc
    ? palettes.filter((p) => ['vino', 'medianoche', 'noir', 'esmeralda', 'champan'].includes(p.name))
    : palettes;
  const picked = r.pick(allowed);
  const palette = options.palette === undefined ? picked : allowed[options.palette % allowed.length]!;
  const backdrop = r.pick<Backdrop>(['bokeh', 'bokeh', 'window', 'curtain', 'halo']);
  const light = r.chance(0.5) ? 1 : -1;
  const body = makeBody(r, masc);
  const skin = r.pick(skinTones);
  const hair = r.pick(hairColours);
  const hairStyle = masc
    ? r.pick<HairStyle>(['crop', 'quiff'])
    : r.pick<HairStyle>(['long', 'long', 'wavy', 'wavy', 'bob', 'bun', 'ponytail']);
  const neckline: Neckline = masc ? 'suit' : r.pick<Neckline>(['strapless', 'wrap', 'halter', 'oneShoulder']);
  const poses = armPoses(r, masc, hairStyle);
  const width = options.width ?? 720;

  const defs: string[] = [];
  const back = backdropLayer(r, palette, backdrop, body, light, defs);

  const skinLit = mix(mix(skin, palette.glow, 0.18), '#000000', 0.22);
  const skinShadow = mix(skin, '#0a0306', 0.86);
  const lx = light > 0 ? [body.cx - 230, body.cx + 230] : [body.cx + 230, body.cx - 230];
  defs.push(
    `<linearGradient id="skin" gradientUnits="userSpaceOnUse" x1="${fmt(lx[0]!)}" y1="0" x2="${fmt(lx[1]!)}" y2="0"><stop offset="0" stop-color="${skinShadow}"/><stop offset="0.6" stop-color="${mix(skinShadow, skinLit, 0.62)}"/><stop offset="1" stop-color="${skinLit}"/></linearGradient>`,
    garmentGradient(
      masc
        ? [
            palette.garment[0],
            mix(palette.garment[0], palette.garment[1], 0.45),
            mix(palette.garment[1], palette.garment[2], 0.2),
          ]
        : palette.garment,
      lx,
      body,
    ),
    `<linearGradient id="hair" gradientUnits="userSpaceOnUse" x1="${fmt(lx[0]!)}" y1="${fmt(body.hy - 120)}" x2="${fmt(lx[1]!)}" y2="${fmt(body.hy + 160)}"><stop offset="0" stop-color="${mix(hair[0], '#000000', 0.5)}"/><stop offset="0.7" stop-color="${hair[0]}"/><stop offset="1" stop-color="${mix(hair[0], hair[1], 0.6)}"/></linearGradient>`,
  );

  const shapes = figureShapes(r, body, masc, poses, hairStyle, light);
  const clip = necklineClip(body, neckline);
  defs.push(
    `<clipPath id="dress"><path d="${clip}"/></clipPath>`,
    `<clipPath id="torso"><path d="${shapes.torso}"/></clipPath>`,
  );

  // Backlight: the whole silhouette in the light colour, softened, then the
  // figure drawn a few pixels away from the light so only the lit edge shows.
  const all = [
    shapes.hairBack,
    ...shapes.armsBack,
    shapes.torso,
    ...shapes.armsFront.map((a) => a.limb),
    shapes.head,
    shapes.hairFront,
  ].filter(Boolean);
  // Layered translucent strokes fake the glow a blur filter would give, at a fraction of the render time.
  const paths = all.map((d) => `<path d="${d}"/>`).join('');
  const rim = `<g fill="none" stroke="${palette.rim}" stroke-linejoin="round"><g stroke-width="22" opacity="0.06">${paths}</g><g stroke-width="12" opacity="0.1">${paths}</g><g stroke-width="5" opacity="0.3">${paths}</g></g><g fill="${palette.rim}" opacity="0.85">${paths}</g>`;
  const dx = -light * 6;
  const garmentSheen = sheenStrokes(r, body, palette, light);
  const sleeve = masc ? 'url(#garment)' : 'url(#skin)';
  const figure = [
    `<g transform="translate(${dx} 3)">`,
    shapes.hairBack ? `<path d="${shapes.hairBack}" fill="url(#hair)"/>` : '',
    ...shapes.armsBack.map((d) => `<path d="${d}" fill="${sleeve}"/>`),
    `<path d="${shapes.torso}" fill="url(#skin)"/>`,
    masc
      ? suitDetails(body, palette, shapes.torso)
      : `<g clip-path="url(#dress)"><path d="${shapes.torso}" fill="url(#garment)"/><g clip-path="url(#torso)">${garmentSheen}</g></g>`,
    masc ? '' : necklace(r, body, palette),
    ...shapes.armsFront.map(
      (a) => `<path d="${a.limb}" fill="${sleeve}"/>${masc ? `<path d="${a.hand}" fill="url(#skin)"/>` : ''}`,
    ),
    ...(masc ? shapes.armsBackHands.map((d) => `<path d="${d}" fill="url(#skin)"/>`) : []),
    `<g transform="rotate(${fmt(body.tilt)} ${fmt(body.hx)} ${fmt(body.hy)})">`,
    `<path d="${shapes.head}" fill="url(#skin)"/>`,
    masc ? '' : earring(r, body, palette, light),
    shapes.hairFront ? `<path d="${shapes.hairFront}" fill="url(#hair)"/>` : '',
    hairSheen(r, body, hair[1], hairStyle, light),
    `</g>`,
    `</g>`,
  ].join('');

  const finish = finishLayer(palette, body, light, defs);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${(width * 5) / 4}" viewBox="0 0 ${ILLUSTRATION_WIDTH} ${ILLUSTRATION_HEIGHT}">`,
    `<defs>${defs.join('')}</defs>`,
    back,
    // A closer, portrait crop: the figure fills the frame like a half-length photo.
    `<g transform="translate(${fmt(body.cx)} 90) scale(1.14) translate(${fmt(-body.cx)} -90)">`,
    rim,
    figure,
    `</g>`,
    finish,
    `</svg>`,
  ].join('');
}

/** Satin: deep in the shadow, a bright band where the backlight wraps round the lit side. */
function garmentGradient(g: readonly [string, string, string], lx: number[], b: Body): string {
  return `<linearGradient id="garment" gradientUnits="userSpaceOnUse" x1="${fmt(lx[0]!)}" y1="${fmt(b.ys)}" x2="${fmt(lx[1]!)}" y2="${fmt(b.yh + 120)}"><stop offset="0" stop-color="${g[0]}"/><stop offset="0.45" stop-color="${mix(g[0], g[1], 0.7)}"/><stop offset="0.7" stop-color="${g[1]}"/><stop offset="0.82" stop-color="${mix(g[1], g[2], 0.55)}"/><stop offset="1" stop-color="${mix(g[1], g[0], 0.3)}"/></linearGradient>`;
}

function makeBody(r: Random, masc: boolean): Body {
  const cx = 400 + r.range(-45, 45);
  const hs = r.range(-26, 26);
  const hy = r.range(238, 272);
  const ys = hy + (masc ? 160 : 150);
  const yw = ys + (masc ? 250 : r.range(225, 240));
  return {
    cx,
    hx: cx + r.range(-12, 12) - hs * 0.3,
    hy,
    rx: masc ? 58 : 51,
    ry: masc ? 74 : 67,
    tilt: r.range(-11, 11),
    ys,
    sw: masc ? r.range(160, 172) : r.range(124, 136),
    yw,
    ww: masc ? r.range(112, 120) : r.range(72, 82),
    yh: yw + (masc ? 120 : 128),
    hw: masc ? r.range(116, 124) : r.range(118, 132),
    hs,
    st: r.range(-12, 12),
  };
}

function armPoses(r: Random, masc: boolean, hair: HairStyle): [ArmPose, ArmPose] {
  const options: ArmPose[] = masc ? ['down', 'down', 'hip'] : ['down', 'hip', 'hip', 'hair'];
  const left = r.pick(options);
  let right = r.pick(options);
  // One raised arm at most, and not into a bun or ponytail.
  if (left === 'hair' && right === 'hair') right = 'down';
  if ((hair === 'bun' || hair === 'ponytail') && (left === 'hair' || right === 'hair'))
    return [left === 'hair' ? 'hip' : left, right === 'hair' ? 'hip' : right];
  return [left, right];
}

interface Shapes {
  torso: string;
  head: string;
  hairBack: string;
  hairFront: string;
  armsBack: string[];
  armsBackHands: string[];
  armsFront: { limb: string; hand: string }[];
}

function figureShapes(
  r: Random,
  b: Body,
  masc: boolean,
  poses: [ArmPose, ArmPose],
  hairStyle: HairStyle,
  light: number,
): Shapes {
  const { cx, ys, sw, yw, ww, yh, hw, hs, st } = b;
  const nx = (b.hx + cx) / 2;
  const neck = masc ? 26 : 21;
  const side = (s: -1 | 1): Point[] => {
    const t = s < 0 ? st : -st;
    return [
      [nx + s * neck, b.hy + 40],
      [cx + s * (neck + 2), ys - 30],
      [cx + s * (masc ? 88 : 70), ys - 12 + t * 0.5],
      [cx + s * (sw - 14), ys + 6 + t],
      [cx + s * (sw + (masc ? 2 : -2)), ys + 48 + t],
      [cx + s * (sw - (masc ? 8 : 14)), ys + 125 + t * 0.5],
      [cx + s * ((sw + ww) / 2 + (masc ? 0 : 4)) + hs * 0.3, ys + 178],
      [cx + s * ww + hs * 0.65, yw],
      [cx + s * hw + hs, yh],
      [cx + s * (hw - 10) + hs, 1090],
    ];
  };
  const left = side(-1);
  const right = side(1).reverse();
  const torso = smoothPath([...left, ...right]);

  const armsBack: string[] = [];
  const armsBackHands: string[] = [];
  const armsFront: { limb: string; hand: string }[] = [];
  ([-1, 1] as const).forEach((s, i) => {
    const pose = poses[i]!;
    const t = s < 0 ? st : -st;
    const sh: Point = [cx + s * (sw - (masc ? 30 : 26)), ys + 34 + t];
    let elbow: Point;
    let wrist: Point;
    let tip: Point;
    if (pose === 'down') {
      elbow = [cx + s * (ww + (masc ? 62 : 50)) + hs * 0.5, yw - 12];
      wrist = [cx + s * (hw + (masc ? 20 : 12)) + hs, yh + 36];
      tip = [wrist[0] - s * 4, wrist[1] + (masc ? 74 : 62)];
    } else if (pose === 'hip') {
      elbow = [cx + s * (sw + r.range(48, 64)), yw - r.range(50, 70)];
      wrist = [cx + s * (ww + 20) + hs * 0.65, yw + 26];
      tip = [wrist[0] - s * 44, wrist[1] + 22];
    } else {
      elbow = [sh[0] + s * 78, ys - 150];
      wrist = [b.hx + s * 34, b.hy - 78];
      tip = [wrist[0] - s * 40, wrist[1] + 6];
    }
    const upper: Point = [(sh[0] + elbow[0]) / 2 + s * 4, (sh[1] + elbow[1]) / 2];
    const fore: Point = [(elbow[0] + wrist[0]) / 2, (elbow[1] + wrist[1]) / 2];
    const k = masc ? 1.3 : 1;
    const limb = limbPath([sh, upper, elbow, fore, wrist], [50 * k, 42 * k, 33 * k, 30 * k, 25 * k]);
    const hand = limbPath(
      [wrist, [(wrist[0] + tip[0]) / 2, (wrist[1] + tip[1]) / 2], tip],
      [26 * k, 27 * k, 14 * k],
    );
    const full = masc ? limb : limbPath([sh, upper, elbow, fore, wrist, tip], [50, 42, 33, 30, 25, 14]);
    if (pose === 'hair') {
      armsBack.push(full);
      if (masc) armsBackHands.push(hand);
    } else armsFront.push({ limb: full, hand });
  });

  const { hx, hy, rx, ry } = b;
  // Face: an egg, narrower at the chin.
  const head = smoothPath([
    [hx, hy - ry],
    [hx + rx * 0.9, hy - ry * 0.6],
    [hx + rx, hy],
    [hx + rx * 0.72, hy + ry * 0.62],
    [hx, hy + ry],
    [hx - rx * 0.72, hy + ry * 0.62],
    [hx - rx, hy],
    [hx - rx * 0.9, hy - ry * 0.6],
  ]);
  const { back, front } = hairShapes(r, b, hairStyle, light);
  return { torso, head, hairBack: back, hairFront: front, armsBack, armsBackHands, armsFront };
}

function hairShapes(r: Random, b: Body, style: HairStyle, light: number): { back: string; front: string } {
  const { hx, hy, rx, ry, ys } = b;
  const part = light; // the side sweep falls away from the light, leaving the lit cheek visible
  const fringe = smoothPath([
    [hx - part * (rx + 8), hy + (style === 'bob' ? 30 : 6)],
    [hx - part * (rx + 4), hy - ry * 0.62],
    [hx - part * rx * 0.3, hy - ry - 14],
    [hx + part * rx * 0.75, hy - ry * 0.82],
    [hx + part * (rx + 6), hy - ry * 0.28],
    [hx + part * rx * 0.35, hy - ry * 0.5],
    [hx - part * rx * 0.35, hy - ry * 0.42],
    [hx - part * (rx - 6), hy - ry * 0.05],
  ]);
  const cap = smoothPath([
    [hx - rx - 5, hy - 8],
    [hx - rx * 0.92, hy - ry * 0.75],
    [hx, hy - ry - 14],
    [hx + rx * 0.92, hy - ry * 0.75],
    [hx + rx + 5, hy - 8],
    [hx + rx * 0.6, hy - ry * 0.55],
    [hx, hy - ry * 0.72],
    [hx - rx * 0.6, hy - ry * 0.55],
  ]);
  switch (style) {
    case 'long':
    case 'wavy': {
      const len = ys + r.range(90, 190);
      const wave = style === 'wavy' ? 16 : 0;
      const outer = (s: -1 | 1): Point[] => [
        [hx + s * (rx + 14), hy - ry * 0.45],
        [hx + s * (rx + 20 + wave * 0.5), hy + ry * 0.4],
        [hx + s * (rx + 26 - wave), hy + ry + 30],
        [hx + s * (rx + 44 + wave), (hy + ry + len) / 2],
        [hx + s * (rx + 30 - wave * 0.6), len - 30],
        [hx + s * (rx + 6), len],
        [hx + s * (rx - 16), len - 60],
        [hx + s * (rx - 14), hy + ry + 10],
      ];
      const back = smoothPath([[hx, hy - ry - 20], ...outer(1), [hx, hy + ry * 0.5], ...outer(-1).reverse()]);
      return { back, front: fringe };
    }
    case 'bob': {
      const back = smoothPath([
        [hx, hy - ry - 18],
        [hx + rx + 16, hy - ry * 0.4],
        [hx + rx + 22, hy + ry * 0.5],
        [hx + rx + 14, hy + ry + 14],
        [hx + rx - 10, hy + ry + 4],
        [hx, hy + ry * 0.6],
        [hx - rx + 10, hy + ry + 4],
        [hx - rx - 14, hy + ry + 14],
        [hx - rx - 22, hy + ry * 0.5],
        [hx - rx - 16, hy - ry * 0.4],
      ]);
      return { back, front: fringe };
    }
    case 'bun': {
      const bx = hx - light * 18;
      const back = smoothPath([
        [bx - 38, hy - ry - 8],
        [bx - 30, hy - ry - 52],
        [bx, hy - ry - 64],
        [bx + 30, hy - ry - 52],
        [bx + 38, hy - ry - 8],
        [hx + rx + 6, hy - 10],
        [hx, hy + 10],
        [hx - rx - 6, hy - 10],
      ]);
      return { back, front: cap };
    }
    case 'ponytail': {
      const s = -light;
      const back = smoothPath([
        [hx + s * 20, hy - ry - 10],
        [hx + s * (rx + 40), hy - ry * 0.6],
        [hx + s * (rx + 52), hy + 20],
        [hx + s * (rx + 36), ys + 60],
        [hx + s * (rx + 8), ys + 110],
        [hx + s * (rx + 4), ys],
        [hx + s * (rx - 4), hy],
        [hx - s * rx, hy - 10],
      ]);
      return { back, front: cap };
    }
    case 'crop':
      return { back: '', front: cap };
    case 'quiff':
      return {
        back: '',
        front: smoothPath([
          [hx - rx - 4, hy - 4],
          [hx - rx * 0.95, hy - ry * 0.8],
          [hx - rx * 0.2, hy - ry - 26],
          [hx + rx * 0.7, hy - ry - 20],
          [hx + rx + 6, hy - ry * 0.55],
          [hx + rx + 4, hy - 4],
          [hx + rx * 0.6, hy - ry * 0.5],
          [hx, hy - ry * 0.66],
          [hx - rx * 0.6, hy - ry * 0.5],
        ]),
      };
  }
}

function hairSheen(r: Random, b: Body, sheen: string, style: HairStyle, light: number): string {
  const { hx, hy, rx, ry } = b;
  const lines: string[] = [];
  const n = style === 'crop' || style === 'quiff' ? 2 : 4;
  for (let i = 0; i < n; i++) {
    const off = r.range(-0.5, 0.6) * rx;
    lines.push(
      `<path d="M${fmt(hx + off - light * 10)} ${fmt(hy - ry - 6)}Q${fmt(hx + off + light * (rx * 0.6))} ${fmt(hy - ry * 0.7)} ${fmt(hx + light * (rx + 4) + off * 0.2)} ${fmt(hy - ry * 0.1 + i * 6)}" fill="none" stroke="${sheen}" stroke-width="${fmt(r.range(1.2, 2.6))}" stroke-linecap="round" opacity="${fmt(r.range(0.25, 0.5))}"/>`,
    );
  }
  return lines.join('');
}

/** The region of the torso the garment covers, below its neckline. */
function necklineClip(b: Body, neckline: Neckline): string {
  const { cx, ys, sw } = b;
  const far = 460;
  const bottom = 1100;
  switch (neckline) {
    case 'strapless':
      return polygonPath([
        [cx - far, ys + 84],
        [cx - sw + 20, ys + 84],
        [cx - 56, ys + 66],
        [cx - 20, ys + 80],
        [cx, ys + 96],
        [cx + 20, ys + 80],
        [cx + 56, ys + 66],
        [cx + sw - 20, ys + 84],
        [cx + far, ys + 84],
        [cx + far, bottom],
        [cx - far, bottom],
      ]);
    case 'wrap':
      return polygonPath([
        [cx - far, ys + 60],
        [cx - sw + 4, ys + 52],
        [cx - 62, ys - 14],
        [cx, ys + 150],
        [cx + 62, ys - 14],
        [cx + sw - 4, ys + 52],
        [cx + far, ys + 60],
        [cx + far, bottom],
        [cx - far, bottom],
      ]);
    case 'halter':
      return polygonPath([
        [cx - far, ys + 118],
        [cx - sw + 18, ys + 118],
        [cx - 26, ys - 34],
        [cx + 26, ys - 34],
        [cx + sw - 18, ys + 118],
        [cx + far, ys + 118],
        [cx + far, bottom],
        [cx - far, bottom],
      ]);
    case 'oneShoulder':
      return polygonPath([
        [cx - far, ys - 40],
        [cx - 40, ys - 40],
        [cx + sw - 16, ys + 108],
        [cx + far, ys + 108],
        [cx + far, bottom],
        [cx - far, bottom],
      ]);
    case 'suit':
      return polygonPath([
        [cx - far, ys - 60],
        [cx + far, ys - 60],
        [cx + far, bottom],
        [cx - far, bottom],
      ]);
  }
}

/** Satin folds: soft light curves across the garment, brightest on the lit side. */
function sheenStrokes(r: Random, b: Body, p: Palette, light: number): string {
  const out: string[] = [];
  for (let i = 0; i < 3; i++) {
    const y0 = b.ys + 120 + i * 120 + r.range(-20, 20);
    const x0 = b.cx - light * r.range(40, 90);
    const x1 = b.cx + light * (b.hw + 10);
    const d = `M${fmt(x0)} ${fmt(y0)}Q${fmt((x0 + x1) / 2)} ${fmt(y0 + r.range(20, 60))} ${fmt(x1)} ${fmt(y0 + r.range(70, 130))}`;
    const w = r.range(14, 28);
    const o = r.range(0.035, 0.06);
    // Nested strokes, widest faintest: a soft-edged highlight without a blur filter.
    for (const k of [2.4, 1.6, 1, 0.45])
      out.push(`<path d="${d}" stroke-width="${fmt(w * k)}" opacity="${fmt(o)}"/>`);
  }
  return `<g fill="none" stroke="${p.garment[2]}" stroke-linecap="round">${out.join('')}</g>`;
}

function suitDetails(b: Body, p: Palette, torso: string): string {
  const { cx, ys } = b;
  const shirt = mix(p.garment[2], '#f4ece4', 0.5);
  const lapel = mix(p.garment[1], p.garment[2], 0.35);
  return [
    `<path d="${torso}" fill="url(#garment)"/>`,
    `<g clip-path="url(#torso)">`,
    `<path d="${polygonPath([
      [cx - 30, ys - 12],
      [cx, ys - 22],
      [cx + 30, ys - 12],
      [cx + 6, ys + 190],
      [cx - 6, ys + 190],
    ])}" fill="${mix(shirt, '#000000', 0.35)}"/>`,
    `<path d="M${fmt(cx - 30)} ${fmt(ys - 10)}L${fmt(cx - 78)} ${fmt(ys + 96)}L${fmt(cx - 4)} ${fmt(ys + 196)}M${fmt(cx + 30)} ${fmt(ys - 10)}L${fmt(cx + 78)} ${fmt(ys + 96)}L${fmt(cx + 4)} ${fmt(ys + 196)}" fill="none" stroke="${lapel}" stroke-width="3" stroke-linejoin="round" opacity="0.7"/>`,
    `<circle cx="${fmt(cx)}" cy="${fmt(ys + 236)}" r="5" fill="${p.metal}" opacity="0.6"/>`,
    `</g>`,
  ].join('');
}

function necklace(r: Random, b: Body, p: Palette): string {
  if (!r.chance(0.55)) return '';
  const { cx, ys } = b;
  const drop = r.range(26, 54);
  return `<path d="M${fmt(cx - 34)} ${fmt(ys - 24)}Q${fmt(cx)} ${fmt(ys + drop)} ${fmt(cx + 34)} ${fmt(ys - 24)}" fill="none" stroke="${p.metal}" stroke-width="1.6" opacity="0.85"/><circle cx="${fmt(cx)}" cy="${fmt(ys + drop / 2 - 4)}" r="4" fill="${p.metal}"/>`;
}

function earring(r: Random, b: Body, p: Palette, light: number): string {
  if (!r.chance(0.6)) return '';
  const x = b.hx + light * (b.rx - 4);
  const y = b.hy + b.ry * 0.22;
  return `<line x1="${fmt(x)}" y1="${fmt(y)}" x2="${fmt(x)}" y2="${fmt(y + 18)}" stroke="${p.metal}" stroke-width="1.4"/><circle cx="${fmt(x)}" cy="${fmt(y + 22)}" r="4.5" fill="${p.metal}"/>`;
}

function backdropLayer(
  r: Random,
  p: Palette,
  kind: Backdrop,
  b: Body,
  light: number,
  defs: string[],
): string {
  defs.push(
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.75"/><stop offset="0.35" stop-color="${p.glow}" stop-opacity="0.28"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>`,
    ...p.bokeh.map(
      (c, i) =>
        `<radialGradient id="bk${i}"><stop offset="0" stop-color="${c}" stop-opacity="0.5"/><stop offset="0.8" stop-color="${c}" stop-opacity="0.62"/><stop offset="0.93" stop-color="${c}" stop-opacity="0.3"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`,
    ),
  );
  const parts: string[] = [`<rect width="800" height="1000" fill="url(#bg)"/>`];
  const bokeh = (count: number, yMax: number) => {
    for (let i = 0; i < count; i++) {
      const rad = r.chance(0.3) ? r.range(40, 80) : r.range(10, 34);
      parts.push(
        `<circle cx="${fmt(r.range(-20, 820))}" cy="${fmt(r.range(-20, yMax))}" r="${fmt(rad)}" fill="url(#bk${r.int(0, p.bokeh.length - 1)})" opacity="${fmt(r.range(0.25, 0.8) * (rad > 40 ? 0.6 : 1))}"/>`,
      );
    }
  };
  const lightX = b.cx + light * r.range(60, 160);
  switch (kind) {
    case 'bokeh':
      bokeh(r.int(26, 38), 820);
      break;
    case 'window': {
      const wx = b.cx + light * r.range(30, 90);
      const w = 340;
      const arch = `M${fmt(wx - w / 2)} 1000V${fmt(300)}A${w / 2} ${w / 2} 0 0 1 ${fmt(wx + w / 2)} 300V1000Z`;
      defs.push(
        `<clipPath id="win"><path d="${arch}"/></clipPath>`,
        `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.bgTop, p.glow, 0.35)}"/><stop offset="0.7" stop-color="${mix(p.bgTop, p.glow, 0.12)}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient>`,
      );
      parts.push(`<g clip-path="url(#win)"><rect width="800" height="1000" fill="url(#sky)"/>`);
      bokeh(r.int(16, 24), 900);
      // A far skyline through the glass.
      let sky = `M${fmt(wx - w / 2)} 1000`;
      for (let x = wx - w / 2; x < wx + w / 2; x += r.range(22, 46))
        sky += `V${fmt(r.range(640, 800))}H${fmt(x + r.range(22, 46))}`;
      parts.push(`<path d="${sky}V1000Z" fill="${p.bgBottom}" opacity="0.75"/></g>`);
      parts.push(
        `<path d="${arch}" fill="none" stroke="${p.metal}" stroke-width="3" opacity="0.35"/><path d="M${fmt(wx)} 130V1000M${fmt(wx - w / 2)} 560H${fmt(wx + w / 2)}" stroke="${p.bgBottom}" stroke-width="6" opacity="0.7"/>`,
      );
      break;
    }
    case 'curtain': {
      const folds = r.int(7, 10);
      const step = 800 / folds;
      defs.push(
        `<linearGradient id="fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity="0.5"/><stop offset="0.45" stop-color="${p.garment[2]}" stop-opacity="0.16"/><stop offset="0.6" stop-color="${p.glow}" stop-opacity="0.22"/><stop offset="1" stop-color="#000000" stop-opacity="0.5"/></linearGradient>`,
      );
      for (let i = 0; i < folds; i++) {
        const x = i * step;
        const sway = r.range(-18, 18);
        parts.push(
          `<path d="M${fmt(x)} 0C${fmt(x + sway)} 300 ${fmt(x - sway)} 650 ${fmt(x + sway * 0.5)} 1000H${fmt(x + step + sway * 0.5)}C${fmt(x + step - sway)} 650 ${fmt(x + step + sway)} 300 ${fmt(x + step)} 0Z" fill="url(#fold)"/>`,
        );
      }
      bokeh(r.int(6, 10), 500);
      break;
    }
    case 'halo': {
      const hr = r.range(230, 290);
      defs.push(
        `<radialGradient id="disc"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.5"/><stop offset="0.7" stop-color="${p.glow}" stop-opacity="0.22"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0.05"/></radialGradient>`,
      );
      const hy = b.hy + 90;
      parts.push(`<circle cx="${fmt(b.hx)}" cy="${fmt(hy)}" r="${fmt(hr)}" fill="url(#disc)"/>`);
      for (let i = 1; i <= 3; i++) {
        parts.push(
          `<circle cx="${fmt(b.hx)}" cy="${fmt(hy)}" r="${fmt(hr + i * 26)}" fill="none" stroke="${p.metal}" stroke-width="${i === 1 ? 2 : 1}" opacity="${fmt(0.4 / i)}"/>`,
        );
      }
      for (let a = 0; a < 24; a++) {
        const ang = (a / 24) * Math.PI * 2;
        parts.push(
          `<line x1="${fmt(b.hx + Math.cos(ang) * (hr + 90))}" y1="${fmt(hy + Math.sin(ang) * (hr + 90))}" x2="${fmt(b.hx + Math.cos(ang) * (hr + 200))}" y2="${fmt(hy + Math.sin(ang) * (hr + 200))}" stroke="${p.metal}" stroke-width="1" opacity="0.12"/>`,
        );
      }
      bokeh(r.int(8, 14), 900);
      break;
    }
  }
  parts.push(`<ellipse cx="${fmt(lightX)}" cy="${fmt(b.hy + 40)}" rx="420" ry="460" fill="url(#glow)"/>`);
  return parts.join('');
}

/** Vignette and a floor of shadow, as a lens would give. */
function finishLayer(p: Palette, b: Body, light: number, defs: string[]): string {
  defs.push(
    `<radialGradient id="vig" cx="${fmt(0.5 + light * 0.06)}" cy="0.42" r="0.75"><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.62"/></radialGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0.7" stop-color="${p.bgBottom}" stop-opacity="0"/><stop offset="1" stop-color="${p.bgBottom}" stop-opacity="0.75"/></linearGradient>`,
  );
  void b;
  return `<rect width="800" height="1000" fill="url(#floor)"/><rect width="800" height="1000" fill="url(#vig)"/>`;
}
