import { describe, expect, it } from 'vitest';
import { rewriteMp4 } from '../../src/infra/media/mp4-rewrite.ts';
import {
  decodes,
  hasFfmpeg,
  firstLeak,
  leaks,
  makeVideo,
  packets,
  probe,
  type VideoOptions,
} from '../helpers/ffmpeg.ts';
import { boxesIn } from '../helpers/mp4-build.ts';

const cases: [string, VideoOptions][] = [
  ['moov after mdat, location as an mdta key and loci', { audio: true }],
  ['faststart, location as loci, artist in udta/meta/ilst', { faststart: true }],
  ['QuickTime-style udta with ©xyz, as phones write it', { quicktimeUdta: true, audio: true }],
  ['a timed-text track carrying the coordinates', { subtitles: true, audio: true }],
];

describe.skipIf(!hasFfmpeg)('rewriteMp4 on videos made by ffmpeg', () => {
  it.each(cases)('%s: no metadata left, same packets, still decodes', (_name, options) => {
    const input = makeVideo(options);
    const before = probe(input);
    expect(before.tags.location ?? before.tags['location-eng']).toBe(leaks.location);
    expect(before.tags.creation_time).toBeDefined();
    const out = rewriteMp4(input);
    const after = probe(out);
    expect(after.duration).toBe(before.duration);
    expect(after.streams).toEqual(before.streams.filter((s) => s === 'video' || s === 'audio'));
    expect(after.tags).not.toHaveProperty('location');
    expect(after.tags).not.toHaveProperty('artist');
    expect(after.tags).not.toHaveProperty('creation_time');
    expect(decodes(out)).toBe(true);
    expect(packets(out)).toEqual(packets(input));
    expect(firstLeak(out)).toBeUndefined();
    expect(boxesIn(out).map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat']);
  });
});
