// Drizzle needs every table in one object for relational queries and drizzle-kit.
export * from './accounts.ts';
export * from './validation.ts';
export * from './media.ts';
export * from './marketplace.ts';
export * from './platform.ts';
export * from './conversations.ts';
export * from './two-factor.ts';
export * from './safety.ts';
export * from './stats.ts';
export * from './touring.ts';
export * from './push.ts';
export * from './alerts.ts';
export * from './attendance.ts';
export * from './saved-searches.ts';
