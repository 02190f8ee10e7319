import { describe, expect, it } from 'vitest';
import { chileDateTime, chileLocalToIso, formatDuration, formatMeetingTime } from '../src/chile-time.ts';
import {
  chatPostSchema,
  durationOptions,
  meetingRequestSchema,
  meetingTimeProblem,
  proposalFormSchema,
  requestFormSchema,
} from '../src/meetings.ts';
import { msg } from '../src/messages.ts';

const now = new Date('2026-03-10T15:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString().replace('.000Z', 'Z');
const H = 3_600_000;

describe('meeting times in Chile', () => {
  it('turns a Chilean date and time into ISO with the offset in force (summer -03:00, winter -04:00)', () => {
    expect(chileLocalToIso('2026-03-14', '21:30')).toBe('2026-03-14T21:30:00-03:00');
    expect(chileLocalToIso('2026-07-14', '21:30')).toBe('2026-07-14T21:30:00-04:00');
    // The April change: the night before still in summer time, the morning after in winter time.
    expect(chileLocalToIso('2026-04-04', '23:30')).toBe('2026-04-04T23:30:00-03:00');
    expect(chileLocalToIso('2026-04-05', '12:00')).toBe('2026-04-05T12:00:00-04:00');
    expect(chileLocalToIso('2026-3-4', '21:30')).toBeNull();
    expect(chileLocalToIso('2026-03-04', '9:30')).toBeNull();
  });

  it('reads an instant back as Chile’s date and time, and words it in Spanish', () => {
    expect(chileDateTime('2026-03-15T00:30:00Z')).toEqual({ date: '2026-03-14', time: '21:30' });
    expect(formatMeetingTime('2026-03-15T00:30:00Z')).toBe('sábado, 14 de marzo, 21:30');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(durationOptions[0]).toBe(60);
    expect(durationOptions.at(-1)).toBe(720);
    expect(durationOptions).toHaveLength(23);
  });

  it('a meeting time needs an offset, a real date, at least one hour and at most 30 days ahead', () => {
    expect(meetingTimeProblem(at(H + 1000), now)).toBeNull();
    expect(meetingTimeProblem(at(30 * 24 * H), now)).toBeNull();
    expect(meetingTimeProblem(at(H - 1000), now)).toBe(msg.meetingTimeTooSoon);
    expect(meetingTimeProblem(at(30 * 24 * H + 60_000), now)).toBe(msg.meetingTimeTooFar);
    expect(meetingTimeProblem('2026-03-12T21:00:00', now)).toBe(msg.meetingTimeInvalid);
    expect(meetingTimeProblem('2026-02-30T21:00:00-03:00', now)).toBe(msg.meetingTimeInvalid);
    expect(meetingTimeProblem('2026-03-12T24:10:00-03:00', now)).toBe(msg.meetingTimeInvalid);
  });
});

describe('request, proposal and message schemas', () => {
  const clock = () => now;
  const pair = { nickname_cliente: 'cliente1', nickname_usuario: 'escort1' };

  it('the API body: duration in 30-minute steps from 1 to 12 hours, a known place, a plain message', () => {
    const ok = { ...pair, fecha_hora: at(2 * H), duracion_min: 120, lugar: 'hotel' };
    expect(meetingRequestSchema(clock).parse({ ...ok, mensaje: '  hola\r\nchao ' }).mensaje).toBe(
      'hola\nchao',
    );
    const problem = (change: object) =>
      meetingRequestSchema(clock).safeParse({ ...ok, ...change }).error?.issues[0]?.message;
    expect(problem({ duracion_min: 45 })).toBe(msg.durationInvalid);
    expect(problem({ duracion_min: 750 })).toBe(msg.durationInvalid);
    expect(problem({ lugar: 'playa' })).toBe(msg.placeRequired);
    expect(problem({ mensaje: 'a'.repeat(501) })).toBe(msg.requestMessageTooLong);
    expect(problem({ mensaje: 'tab\tok, bell \u0007 no' })).toBe(msg.textInvalidChars);
  });

  it('the forms check the date and time together and report under the date', () => {
    const form = requestFormSchema(clock).safeParse({
      fecha: '2026-03-10',
      hora: '12:30',
      duracion_min: '120',
      lugar: 'hotel',
      mensaje: '',
    });
    expect(form.error?.issues[0]).toMatchObject({ path: ['fecha'], message: msg.meetingTimeTooSoon });
    expect(proposalFormSchema(clock).safeParse({ fecha: '2026-03-11', hora: '21:00' }).success).toBe(true);
    expect(proposalFormSchema(clock).safeParse({ fecha: '', hora: '21:00' }).error?.issues[0]?.message).toBe(
      msg.meetingTimeRequired,
    );
  });

  it('a conversation message is 1-1000 characters of plain text', () => {
    expect(chatPostSchema.parse({ texto: '  hola  ' }).texto).toBe('hola');
    expect(chatPostSchema.safeParse({ texto: '   ' }).error?.issues[0]?.message).toBe(msg.chatTextRequired);
    expect(chatPostSchema.safeParse({ texto: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      msg.chatTextTooLong,
    );
  });
});
