import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Debian's ffmpeg and ffprobe make real phone-like videos and judge the
 * rewritten ones. `.ci/run` installs them, so in CI (CI=true) their absence
 * fails the tests; on a developer's machine without them the tests skip and
 * say why.
 */
const found = ['ffmpeg', 'ffprobe'].every((tool) => spawnSync(tool, ['-version']).status === 0);
if (!found && process.env.CI === 'true')
  throw new Error('ffmpeg/ffprobe not found: .ci/run installs Debian ffmpeg, CI must not skip these tests');
if (!found)
  console.warn('ffmpeg/ffprobe not found: skipping the tests that need real videos (apt-get install ffmpeg)');
export const hasFfmpeg = found;

const location = '+33.4489-070.6693/';
/** What a phone leaves in its videos; none of it may be served. */
export const leaks = {
  location,
  artist: 'Secret Artist Name',
  /** The coordinates as the files carry them in text form. */
  coordinates: '33.4489',
};

/** Byte sequences of the metadata ffmpeg and phones write; none may be left in a rewritten file. */
export const leakedBytes = [
  leaks.location,
  leaks.coordinates,
  leaks.artist,
  '\xa9xyz',
  '\xa9ART',
  'udta',
  'meta',
  'loci',
  'mdta',
  'Lavf',
];

/** The first metadata marker found in the bytes, or undefined. */
export const firstLeak = (bytes: Buffer): string | undefined => {
  const text = bytes.toString('latin1');
  return leakedBytes.find((leak) => text.includes(leak));
};

function inTemp<T>(run: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'encanto-ffmpeg-'));
  try {
    return run(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface VideoOptions {
  /** moov before mdat (`-movflags +faststart`); ffmpeg's default puts it last. */
  faststart?: boolean;
  /** QuickTime-style udta with ©xyz, as Android and iOS write it, in a file branded mp42. */
  quicktimeUdta?: boolean;
  /** Add a timed-text track carrying the coordinates. */
  subtitles?: boolean;
  audio?: boolean;
  /** Fragmented (moof boxes after an empty moov), as browsers' recorders write. */
  fragmented?: boolean;
  /** Replaces the artist tag (to plant markup in the metadata). */
  artist?: string;
}

/** The muxer's layout: QuickTime text atoms, fragments, faststart, or moov last with mdta keys. */
function format(options: VideoOptions): string[] {
  if (options.quicktimeUdta) return ['-f', 'mov'];
  if (options.fragmented) return ['-movflags', 'frag_keyframe+empty_moov'];
  return ['-movflags', options.faststart ? '+faststart' : 'use_metadata_tags'];
}

/**
 * One second of test pattern (160x120, 10 fps, H.264) with location, artist
 * and date metadata. ffmpeg writes the location as `loci` and, with
 * use_metadata_tags, as an mdta key in moov/meta; `quicktimeUdta` writes it as
 * `©xyz` text instead.
 */
export function makeVideo(options: VideoOptions = {}): Buffer {
  return inTemp((dir) => {
    const out = path.join(dir, options.quicktimeUdta ? 'v.mov' : 'v.mp4');
    const inputs = ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10'];
    const maps = ['-map', '0'];
    if (options.audio) {
      inputs.push('-f', 'lavfi', '-i', 'sine=duration=1');
      maps.push('-map', '1');
    }
    if (options.subtitles) {
      const srt = path.join(dir, 's.srt');
      fs.writeFileSync(srt, `1\n00:00:00,000 --> 00:00:00,900\nGPS ${location}\n`);
      inputs.push('-i', srt);
      maps.push('-map', String(maps.length / 2));
    }
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', ...inputs, ...maps, '-shortest'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-c:s', 'mov_text'],
      ...['-metadata', `location=${location}`, '-metadata', `artist=${options.artist ?? leaks.artist}`],
      ...['-metadata', 'creation_time=2024-05-01T10:00:00Z'],
      ...format(options),
      out,
    ]);
    const bytes = fs.readFileSync(out);
    // A mov is an mp4 in all but its brand; phones brand the same layout mp42.
    if (options.quicktimeUdta) bytes.write('mp42', 8, 'latin1');
    return bytes;
  });
}

export interface Probe {
  duration: number;
  streams: string[];
  tags: Record<string, string>;
}

/** ffprobe's view of a file: duration, stream types and every container tag. */
export function probe(bytes: Buffer): Probe {
  return inTemp((dir) => {
    const file = path.join(dir, 'p.mp4');
    fs.writeFileSync(file, bytes);
    const out = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_format',
      '-show_streams',
      '-of',
      'json',
      file,
    ]);
    const json = JSON.parse(out.toString()) as {
      format: { duration: string; tags?: Record<string, string> };
      streams: { codec_type: string; tags?: Record<string, string> }[];
    };
    const tags = Object.assign({}, json.format.tags, ...json.streams.map((s) => s.tags ?? {}));
    return { duration: Number(json.format.duration), streams: json.streams.map((s) => s.codec_type), tags };
  });
}

/** True when ffmpeg decodes every stream to the end without an error. */
export function decodes(bytes: Buffer): boolean {
  return inTemp((dir) => {
    const file = path.join(dir, 'd.mp4');
    fs.writeFileSync(file, bytes);
    const run = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-map', '0', '-f', 'null', '-']);
    return run.status === 0 && run.stderr.length === 0;
  });
}

/**
 * One line per packet of the audio and video streams: stream, dts, pts,
 * duration, size and an MD5 of the bytes (ffmpeg's framemd5 over a stream
 * copy). Equal lists mean the same samples with the same timing.
 */
export function packets(bytes: Buffer): string[] {
  return inTemp((dir) => {
    const file = path.join(dir, 'f.mp4');
    fs.writeFileSync(file, bytes);
    const out = execFileSync('ffmpeg', [
      ...['-v', 'error', '-i', file, '-map', '0:v', '-map', '0:a?', '-c', 'copy', '-f', 'framemd5', '-'],
    ]);
    return out
      .toString()
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
  });
}
