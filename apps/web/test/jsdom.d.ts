// jsdom ships no types and @types/jsdom is not installed: the one constructor the tests use. Tests that
// need a whole DOM environment use `// @vitest-environment jsdom` instead.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
