import pino from 'pino';
import type { Config } from './config.ts';

const redact = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.pass',
  'req.body.passActual',
  'req.body.newPass',
  'req.body.nuevaPass',
];

/**
 * pino options for the process: one JSON line per event for a log pipeline
 * (production), or short coloured lines a person reads in a terminal
 * (LOG_FORMAT=pretty, the default outside production). pino-pretty runs
 * synchronously in this thread: no worker to start or lose lines at exit.
 */
export async function loggerOptions(config: Config): Promise<object> {
  const base = { level: config.logLevel, redact };
  // Written asynchronously (decision 0152): a line is handed to the kernel without blocking the
  // request, and lines logged while a write is under way go out together in the next one. No minimum
  // buffer, so a quiet server writes each line at once; pino flushes what is pending when the process
  // exits, so only a power cut can lose the last lines.
  if (config.logFormat === 'json') return { ...base, stream: pino.destination({ dest: 1, sync: false }) };
  const { default: pretty } = await import('pino-pretty');
  return {
    ...base,
    stream: pretty({
      colorize: Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
      sync: true,
    }),
  };
}
