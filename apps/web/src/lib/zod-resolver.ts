import { setSpanishZodMessages } from '@encanto/core/zod-spanish';

// The forms' schemas speak Spanish where they word no message (zod-spanish.ts). Set here, with the
// first form's code, rather than in the entry: zod and its locale stay out of pages without forms.
setSpanishZodMessages();

export { zodResolver } from '@hookform/resolvers/zod';
